/** Approval statuses a record carries; shown as-is in the status column. */
export const RecordStatus = {
  draft: '待提交',
  inReview: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
} as const;

/** Statuses in which a record may be edited, deleted and (re)submitted. */
export const EDITABLE_STATUSES: string[] = [RecordStatus.draft, RecordStatus.rejected, RecordStatus.withdrawn];

/** Tag colours: 审批中 blue, 已通过 green, 已驳回 red, others grey. */
export const STATUS_COLORS: Record<string, string> = { 审批中: 'blue', 已通过: 'green', 已驳回: 'red' };
