import { api } from '../../../api/client';

export interface WorkRow {
  taskId?: number;
  processInstanceId: number;
  module: string;
  /** The module's title from its page schema, e.g. 报销管理. */
  moduleName: string;
  /** The route whose page schema holds the form: the module's own, or the page of a nested entity. */
  page?: string;
  formId: number;
  code: string;
  status: string;
  money: number | null;
  submitTime: string;
  originatorName: string;
  stepName?: string;
  data: Record<string, unknown>;
}

export interface WorkPage {
  list: WorkRow[];
  total: number;
}

export const portalApi = {
  toDoList: (pageNum: number, pageSize = 10) => api.post<WorkPage>('/oa/process/toDoList', { pageNum, pageSize }),
  applyList: (pageNum: number, pageSize = 10) => api.post<WorkPage>('/oa/process/applyList', { pageNum, pageSize }),
};
