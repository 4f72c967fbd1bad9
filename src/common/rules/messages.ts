// zh-CN message catalogue: `Messages` is the product's fixed wording, kept verbatim; the groups after it add what the
// product grew since, worded alike. `{x}` placeholders are filled by `fill`.

export const Messages = {
  keywordPlaceholder: '请输入关键字搜索',
  treeAll: '全部',
  moveUp: '上移',
  moveDown: '下移',
  edit: '编辑',
  delete: '删除',
  collapse: '收起',
  expand: '展开',
  help: '帮助',
  smartData: '智能数据',
  chooseColumns: '选择显示的列',
  paginationTotal: '共 {n} 条',
  noData: '暂无数据',
  submit: '提交',
  cancel: '取消',
  confirm: '确定',
  close: '关闭',
  agree: '同意',
  reject: '驳回',
  withdraw: '撤回',
  approvalDynamics: '审批动态',
  systemGenerated: '系统生成',
  detailsPrefix: '详情：',
  enterReason: '请输入原因',
  total: '合计',
  cannotBeEmpty: '不能为空',
  pleaseFillIn: '请填写{label}！',
  correctNumber: '请输入正确的数字',
  titleCannotBeEmpty: '{title}不能为空',
  numberBetween: '请输入{min}-{max}之间的数字',
  numberGreater: '请输入大于{min}的数字',
  numberLess: '请输入小于{max}的数字',
  validNumber: '请输入有效的数字',
  idCardInvalid: '请输入正确的身份证号',
  maxInputLength: '最大输入长度为{n}',
  nameNotLess: '{name}不能小于{min}',
  nameNotGreater: '{name}不能大于{max}',
  uploadCountLimit: '最多只能上传1个文件',
  uploadSizeLimit: '文件大小不能超过10MB',
  totalDays: '共{n}天',
  confirmDelete: '确定删除该项吗？',
  withdrawn: '已撤回',
  agreed: '已同意',
  rejected: '已驳回',
  deleted: '删除成功',
  cancelled: '已取消',
  switched: '切换成功',
  loginExpired: '登录失效，请重新登录',
  networkError: '网络错误',
  requestError: '请求错误，请稍后再试',
} as const;

export type MessageKey = keyof typeof Messages;

/** Fills `{name}` placeholders; unknown placeholders are left as they are so a missing value is visible. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, k: string) => (k in values ? String(values[k]) : all));
}

/** Shorthand: the catalogue text for `key` with its placeholders filled. */
export function msg(key: MessageKey, values: Record<string, string | number> = {}): string {
  return fill(Messages[key], values);
}

/** Count-limit template; with n = 1 it reads exactly as the catalogue's 最多只能上传1个文件. */
export const UPLOAD_COUNT_TEMPLATE = '最多只能上传{n}个文件';

/**
 * Messages of the value-shape checks (rules/value-types.ts). Each
 * names the field, or for a line cell where it is (`cell`: 费用明细第1行发生日期), so a refused save says
 * what to correct.
 */
export const ValueMessages = {
  format: '{name}格式不正确',
  option: '{name}的选项不存在',
  order: '{name}的开始日期不能晚于结束日期',
  file: '{name}的文件不存在',
  cell: '{title}第{row}行{name}',
  /** Title of the line items when the schema gives none. */
  linesTitle: '明细',
} as const;

/**
 * Strict bounds (exclusiveMinimum / exclusiveMaximum of a number field or line cell): the bound itself is refused,
 * so the message names the field and says 大于 / 小于 plainly (数量必须大于0), unlike 请输入大于{min}的数字, which is
 * the fixed wording of an inclusive min.
 */
export const RangeMessages = {
  above: '{name}必须大于{min}',
  below: '{name}必须小于{max}',
} as const;

/**
 * The drawer's submit button on a page whose approval is conditional (`approvalWhen`): what pressing it will do.
 * Beside the fixed 提交: 提交审批 says an approval starts, the tooltip that none is needed.
 */
export const ApprovalMessages = {
  submitForApproval: '提交审批',
  noApprovalNeeded: '无需审批，提交即生效',
} as const;

/**
 * A list or tree that could not be read says why, so an empty screen is never taken for no data: no permission (the
 * role lacks the page's 查看), or no server (the reads are tried again by themselves).
 */
export const ReadMessages = {
  forbidden: '无权限查看：你的角色没有此页面的「查看」权限，请联系团队管理员开通',
  unreachable: '无法连接服务器，正在重试…',
  retry: '重试',
} as const;

/** Closing a form with unsaved input asks first: a click on the mask or an Esc must not throw away what was typed. */
export const DraftMessages = {
  discardTitle: '放弃未保存的内容？',
  discardContent: '关闭后，刚才填写的内容不会保存。',
  discard: '放弃',
  keepEditing: '继续填写',
} as const;
