import { api } from '../../../api/client';

export interface Notice {
  id: number;
  title: string;
  body: string;
  /** The module of the record, and the route (page) that shows it; page null: nothing to open (deleted since). */
  module: string | null;
  page: string | null;
  recordId: number | null;
  code: string | null;
  /** Whether the caller may open its record now (the server asks the page's permission, visibility and data scope); false: 不可查看. */
  viewable?: boolean;
  read: boolean;
  createdAt: string;
  actorName: string | null;
}

export interface NoticePage {
  list: Notice[];
  total: number;
  unread: number;
}

// Background calls: no full-screen mask, no error toast for a poll that failed (the next one tries again).
const quiet = { noLoading: true, silent: true } as const;

export const notificationsApi = {
  unread: () => api.get<{ count: number }>('/notifications/unread', quiet),
  page: (pageNum: number, pageSize = 10) =>
    api.post<NoticePage>('/notifications/page', { pageNum, pageSize }, { noLoading: true }),
  read: (id: number) => api.post<{ unread: number }>('/notifications/read', { id }, quiet),
  readAll: () => api.post<{ unread: number }>('/notifications/readAll', {}, { noLoading: true }),
};
