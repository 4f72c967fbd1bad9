// The team's audit log (POST /api/audit/page, team admins only): who changed what, when, from where.
import { api } from '../../api/client';

export interface AuditEntry {
  id: number;
  at: string;
  action: string;
  actionName: string;
  entity: string;
  userName: string;
  code: string | null;
  moduleName: string | null;
  recordId: number | null;
  ip: string | null;
  changes: { field: string; label: string; before: string; after: string }[];
}

export interface AuditQuery {
  pageNum: number;
  pageSize: number;
  userId?: number;
  action?: string;
  from?: string;
  to?: string;
}

export const ACTIONS = [
  { value: 'create', label: '新增' },
  { value: 'update', label: '修改' },
  { value: 'delete', label: '删除' },
  { value: 'login', label: '登录' },
  { value: 'login_failed', label: '登录失败' },
  { value: 'locked', label: '账号锁定' },
];

export const auditApi = {
  page: (q: AuditQuery) => api.post<{ list: AuditEntry[]; total: number }>('/audit/page', q),
  members: () =>
    api.post<{ id: number | string; dictName: string }[]>(
      '/admin/sysmenuListFieldDict/queryByFieldKey',
      { fieldKey: 'teamMembers', status: 1 },
      { silent: true },
    ),
};

/** What an entry changed, in one line: 事由：出差 → 出差（补票）；状态：待提交 → 审批中. */
export function changeSummary(e: AuditEntry): string {
  if (e.action !== 'update') return '';
  return e.changes.map((c) => `${c.label}：${c.before || '（空）'} → ${c.after || '（空）'}`).join('；');
}
