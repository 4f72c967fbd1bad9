// An audit entry as people read it: who, when, what kind of change, and each changed field by its title with
// its value before and after — names instead of ids (`deptIdName` beside `deptId`), line tables by their size.
import type { ModuleSchema } from '../records/schema-registry';
import { stageFieldOf } from '../../../common/schema/stage-field';

export interface AuditRow {
  id: number;
  at: Date | string;
  action: string;
  entity: string;
  module: string | null;
  record_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  user_name: string | null;
  ip?: string | null;
}

export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

export const ACTION_NAMES: Record<string, string> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  login: '登录',
  login_failed: '登录失败',
  locked: '账号锁定',
};

/** Columns that say where a row lives, not what it holds. */
const PLUMBING = new Set([
  'tenant_code',
  'id',
  'module',
  'created_by',
  'search',
  'deleted_at',
  'record_id',
  'instance_id',
]);
/** Columns of records and of the team's set-up (memberships, roles, dictionaries) by the names the screens use. */
const COLUMN_LABELS: Record<string, string> = {
  status: '状态',
  code: '单号',
  lines: '明细',
  category_id: '分类',
  remark: '备注',
  decided_by: '处理人',
  is_admin: '管理员',
  dept_id: '部门',
  role_id: '角色',
  role_name: '角色名称',
  dict_name: '名称',
  enabled: '启用',
  menus: '菜单',
  permissions: '权限',
  data_scope: '数据范围',
  tenant_name: '团队名称',
  help_text: '帮助说明',
  tips_image: '提示图片',
  // A team's grant (platform_grants, 模式管理 租户开通).
  mode_id: '模式',
  period_start: '开通日期',
  period_end: '到期日期',
};
const MAX_TEXT = 200;

function shown(v: unknown): string {
  if (v === undefined || v === null || v === '') return '';
  if (Array.isArray(v)) return v.every((x) => typeof x === 'object' && x) ? `${v.length} 行` : v.map(shown).join('、');
  if (typeof v === 'boolean') return v ? '是' : '否';
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

/**
 * What each stored field is called on screen: the form's title first, then what a stage action asked for (支付's
 * 支付日期) and the list's column; the stage by the page's name for it (报销: 待支付 → 已支付). A key never shows raw
 * where the page names it anywhere.
 */
export function fieldTitles(m: ModuleSchema | null): Map<string, string> {
  const titles = new Map<string, string>();
  const name = (key: string, title: string | undefined) => {
    if (title && !titles.has(key)) titles.set(key, title);
  };
  for (const f of m?.fields ?? []) name(f.fieldName, f.titleName);
  const stages = m?.schema.stages;
  if (stages) name(stageFieldOf(stages), stages.label ?? '阶段');
  for (const a of stages?.actions ?? []) for (const f of a.fields ?? []) name(f.fieldName, f.titleName);
  for (const c of m?.schema.list.columns ?? []) name(c.prop, c.label);
  return titles;
}

export function describeChanges(m: ModuleSchema | null, r: AuditRow) {
  const before = r.before ?? {};
  const after = r.after ?? {};
  const titles = fieldTitles(m);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((k) => !PLUMBING.has(k))
    // A stored name goes with its value: it is shown in the value's place, not as a change of its own.
    .filter((k) => !(k.endsWith('Name') && titles.has(k.slice(0, -4))));
  // A new record lists what it was created with; a change, what changed.
  const changes: FieldChange[] =
    r.action === 'delete'
      ? []
      : keys
          .map((k) => {
            const named = `${k}Name`;
            return {
              field: k,
              label: titles.get(k) ?? COLUMN_LABELS[k] ?? k,
              before: shown(named in before ? before[named] : before[k]),
              after: shown(named in after ? after[named] : after[k]),
            };
          })
          .filter((c) => c.before !== c.after);
  return {
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    action: r.action,
    actionName: ACTION_NAMES[r.action] ?? r.action,
    entity: r.entity,
    userName: r.user_name ?? '系统',
    code: shown(after.code ?? before.code) || null,
    changes,
  };
}
