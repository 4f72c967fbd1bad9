// The real data provider: the engine's contract over the server's generic record, category, dictionary,
// approval and file calls. Approval calls are silent on non-200.
import type { ApprovalStep, CategoryNode, Option } from '../../common/schema/types';
import { dictToOptions, type DictItem } from '../../common/schema/dictionary';
import { api, request, requestFile } from './client';
import type {
  ChartFigures,
  DataProvider,
  DictEntry,
  ExportListParams,
  ExportedFile,
  DictEntryInput,
  Guidance,
  HistoryEntry,
  ImportPreview,
  ImportResult,
  PickerOption,
  RouteAnswer,
  Row,
  TaskData,
  UploadedFile,
} from './data-provider';

const data = (module: string, action: string) => `/data/${encodeURIComponent(module)}/${action}`;

interface PageAnswer {
  list: Row[];
  total: number;
  totalExact?: boolean;
}
interface CategoryAnswer {
  id: number;
  name: string;
  label: string;
  noEdit: boolean;
  children: CategoryAnswer[];
}

function toCategory(c: CategoryAnswer): CategoryNode {
  return {
    id: String(c.id),
    name: c.name,
    label: c.label,
    noEdit: c.noEdit,
    children: c.children.length ? c.children.map(toCategory) : undefined,
  };
}

const DICT = '/admin/sysmenuListFieldDict';

/** Ids travel as numbers (the server's ids are integers); empty ids as null. */
function dictBody(v: DictEntryInput) {
  const num = (x: string | number | null | undefined) =>
    x === undefined ? undefined : x === null || x === '' ? null : Number(x);
  return { ...v, parentId: num(v.parentId), leaderId: num(v.leaderId) };
}

/** The file name of an attachment's Content-Disposition (RFC 5987 filename* first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return plain ? plain[1] : fallback;
}

async function exportList({
  module,
  sorters,
  filters,
  categoryId,
  tab,
  period,
  columns,
  document,
  signal,
  onProgress,
}: ExportListParams): Promise<ExportedFile> {
  // The headers come once the rows are counted; the body streams as the server writes it.
  const res = await requestFile('POST', data(module, document ? `documents/${document}` : 'export'), {
    json: { sorters, filters, categoryId: categoryId ? Number(categoryId) : null, tab, period, columns },
    signal,
    timeout: 120_000,
    noLoading: true,
  });
  const rows = Number(res.headers.get('X-Total-Count') ?? 0);
  const fileName = fileNameOf(res.headers.get('Content-Disposition'), `${module}.xlsx`);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  onProgress?.({ bytes, rows });
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      onProgress?.({ bytes, rows });
    }
  } else {
    chunks.push(new Uint8Array(await res.arrayBuffer()));
  }
  return {
    blob: new Blob(chunks as BlobPart[], { type: res.headers.get('Content-Type') ?? 'application/octet-stream' }),
    fileName,
    rows,
  };
}

export const httpDataProvider: DataProvider = {
  exportList,
  async getList({ module, pagination, sorters, filters, categoryId, tab, period }) {
    const res = await api.post<PageAnswer>(data(module, 'page'), {
      pageNum: pagination.current,
      pageSize: pagination.pageSize,
      sorters,
      filters,
      categoryId: categoryId ? Number(categoryId) : null,
      // Only the tab's value and the period: their conditions live in the schema on the server.
      tab,
      period,
    });
    return { data: res.list, total: res.total, totalExact: res.totalExact };
  },
  getOne: ({ module, id }) => api.get<Row>(data(module, 'get'), { searchParams: { id } }),
  create: ({ module, variables }) => api.post<Row>(data(module, 'add'), variables),
  update: ({ module, id, variables }) => api.post<Row>(data(module, 'update'), { ...variables, id: Number(id) }),
  async deleteMany({ module, ids }) {
    await api.post(data(module, 'delete'), { ids: ids.map(Number) });
  },
  async submit({ module, id, chosen }) {
    await api.post(data(module, 'submit'), { id: Number(id), ...(chosen ? { chosenApprovers: chosen } : {}) });
  },
  route: ({ module, id, variables }) =>
    api.post<RouteAnswer>(data(module, 'route'), { ...variables, ...(id !== undefined ? { id: Number(id) } : {}) }),
  treeNodes: (module) => api.get<CategoryNode[]>(data(module, 'tree-nodes'), { noLoading: true }),
  pickerOptions: ({ module, field, values, keyword }) =>
    api.post<PickerOption[]>(data(module, 'options'), { field, values: values ?? {}, keyword }, { noLoading: true }),
  stageAction: ({ module, id, action, values, requestKey }) =>
    api.post<Row>(data(module, 'stage'), {
      id: Number(id),
      action,
      values: values ?? {},
      ...(requestKey ? { requestKey } : {}),
    }),
  stageBatch: ({ module, ids, action, values, requestKey }) =>
    api.post<{ count: number }>(data(module, 'stage-batch'), {
      ids: ids.map(Number),
      action,
      values: values ?? {},
      ...(requestKey ? { requestKey } : {}),
    }),
  generate: ({ module, key, values }) => api.post<Row>(data(module, 'generate'), { key, values: values ?? {} }),
  charts: ({ module, tab, period, categoryId, filters }) =>
    api.post<{ period: string | null; charts: ChartFigures[] }>(
      data(module, 'charts'),
      { tab, period, filters, categoryId: categoryId ? Number(categoryId) : undefined },
      { noLoading: true },
    ),

  async listCategories({ module }) {
    return (await api.get<CategoryAnswer[]>(data(module, 'categories'))).map(toCategory);
  },
  async addCategory({ module, name, parentId }) {
    const res = await api.post<{ id: number }>(data(module, 'categories/add'), {
      name,
      parentId: parentId ? Number(parentId) : null,
    });
    return { id: String(res.id), name };
  },
  async renameCategory({ module, id, name }) {
    await api.post(data(module, 'categories/rename'), { id: Number(id), name });
  },
  async deleteCategory({ module, id }) {
    await api.post(data(module, 'categories/delete'), { id: Number(id) });
  },
  async moveCategoryUp({ module, id }) {
    await api.post(data(module, 'categories/move'), { id: Number(id), direction: 'up' });
  },
  async moveCategoryDown({ module, id }) {
    await api.post(data(module, 'categories/move'), { id: Number(id), direction: 'down' });
  },

  async queryByFieldKey(fieldKey) {
    return dictToOptions(
      await api.post<DictItem[]>('/admin/sysmenuListFieldDict/queryByFieldKey', { fieldKey, status: 1 }),
    );
  },
  async queryByFieldKeys(fieldKeys) {
    const res = await api.post<Record<string, DictItem[]>>('/admin/sysmenuListFieldDict/queryByFieldKeys', fieldKeys);
    return Object.fromEntries(Object.entries(res).map(([k, v]) => [k, dictToOptions(v)])) as Record<string, Option[]>;
  },

  listDictItems: (fieldKey) => api.post<DictEntry[]>(`${DICT}/queryByFieldKey`, { fieldKey }),
  addDictItem: ({ fieldKey, values }) => api.post<DictEntry>(`${DICT}/add`, { ...dictBody(values), fieldKey }),
  updateDictItem: ({ id, values }) => api.post<DictEntry>(`${DICT}/update`, { ...dictBody(values), id: Number(id) }),
  async deleteDictItem({ id }) {
    await api.post(`${DICT}/delete`, { id: Number(id) });
  },
  moveDictItem: async ({ id, direction }) =>
    (await api.post<{ moved: boolean }>(`${DICT}/move`, { id: Number(id), direction })).moved,
  enableDictItem: ({ id, enabled }) => api.post<DictEntry>(`${DICT}/enable`, { id: Number(id), enabled }),

  async findTaskIdByFormId(formId) {
    const res = await api.get<{
      taskId: number | null;
      processInstanceId?: number;
      stepName?: string;
      requiredFiles?: TaskData['requiredFiles'];
    }>('/oa/task/findTaskIdByFormId', { searchParams: { formId }, silent: true });
    return res.taskId
      ? {
          taskId: String(res.taskId),
          procInstId: res.processInstanceId ? String(res.processInstanceId) : undefined,
          stepName: res.stepName,
          requiredFiles: res.requiredFiles ?? [],
        }
      : null;
  },
  findApprovalByFormId: (formId) =>
    api.get<ApprovalStep[]>('/oa/task/findApprovalByFormId', { searchParams: { formId }, silent: true }),
  async agree({ taskId, processInstanceId, comments, files }) {
    await api.post(
      '/oa/process/agree',
      {
        taskId: Number(taskId),
        processInstanceId: processInstanceId ? Number(processInstanceId) : undefined,
        comments,
        ...(files && Object.keys(files).length ? { files } : {}),
      },
      { silent: true },
    );
  },
  async refuse({ taskId, processInstanceId, comments }) {
    await api.post(
      '/oa/process/refuse',
      {
        taskId: Number(taskId),
        processInstanceId: processInstanceId ? Number(processInstanceId) : undefined,
        comments,
      },
      { silent: true },
    );
  },
  async withdraw({ formId }) {
    await api.post('/oa/process/withdraw', { formId: Number(formId) }, { silent: true });
  },

  async upload(file, name) {
    const form = new FormData();
    form.append('multipartFile', file, name ?? (file as File).name ?? 'file');
    const res = await request<{ filePath: string; name: string }>('POST', '/admin/fileUtil/uploadFile', { body: form });
    return { url: res.filePath, name: res.name } satisfies UploadedFile;
  },
  async recognizeIdCard(file) {
    return api.post('/admin/systenant/idCardOcr', { url: file.url });
  },

  async importTemplate(module) {
    // A refusal (no permission, a read-only list) answers the envelope, not a file: requestFile shows it.
    const res = await requestFile('GET', data(module, 'import/template'), { timeout: 60000 });
    return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition'), '导入模板.xlsx') };
  },
  async importPreview(module, file, name) {
    const form = new FormData();
    form.append('file', file, name ?? (file as File).name ?? 'import.xlsx');
    // A 5,000-row file runs every row through the save rules: minutes, not the usual 30 s.
    return request<ImportPreview>('POST', data(module, 'import/preview'), { body: form, timeout: 600000 });
  },
  async importRows(module, file, mode, name) {
    const form = new FormData();
    form.append('file', file, name ?? (file as File).name ?? 'import.xlsx');
    return request<ImportResult>('POST', data(module, 'import'), {
      body: form,
      searchParams: { mode },
      timeout: 600000,
    });
  },

  // Silent read: a page whose help cannot be read still works; the popover says so itself.
  recordHistory: ({ module, id }) =>
    api.get<HistoryEntry[]>(data(module, 'history'), { searchParams: { id }, silent: true, noLoading: true }),
  getGuidance: (module) =>
    api.post<Guidance>('/admin/operation/findOperationGuidance', { module }, { silent: true, noLoading: true }),
  saveGuidance: (params) => api.post<Guidance>('/admin/operation/updateOperationGuidance', params),
};
