// The contract between the page engine and the server (refine-style). Screens call these methods,
// never ky directly; the HTTP implementation lives beside this file, fixtures live in the engine.
import { createContext, useContext } from 'react';
import type { ApprovalStep, CategoryNode, Option } from '../../common/schema/types';

export type Row = { id: string | number; [prop: string]: unknown };

export interface Sorter {
  field: string;
  order: 'asc' | 'desc';
}

export interface Filter {
  field: string;
  operator: 'eq' | 'contains' | 'in' | 'between';
  value: unknown;
}

export interface GetListParams {
  module: string;
  /** 1-based page number (pageNum) and size (pageSize). */
  pagination: { current: number; pageSize: number };
  sorters?: Sorter[];
  filters?: Filter[];
  categoryId?: string;
  /** Section-header tab (OA tab 待我审批, a filter or stage tab): the server applies the schema's conditions. */
  tab?: string;
  /** The section header's month ('YYYY-MM') or year ('YYYY') when the list's schema names a dateField. */
  period?: string;
}

/** An Excel export of a list: the list's query (all pages), the visible columns in order. */
export interface ExportListParams extends Omit<GetListParams, 'pagination'> {
  columns: string[];
  /** A list document of the page (documents, from: list) instead of the plain export: its key. */
  document?: string;
  signal?: AbortSignal;
  /** Called as the file arrives: bytes so far and the rows the file holds (the server's X-Total-Count). */
  onProgress?: (p: { bytes: number; rows: number }) => void;
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
  rows: number;
}

/** The approval route of a submission: null process = it takes effect when submitted. */
export interface RouteAnswer {
  process: { name: string; version: number } | null;
  steps: {
    index: number;
    stepName: string;
    approverType: string;
    signMode: string;
    needsChoice: boolean;
    approvers: string;
  }[];
}

export interface GetListResult<T = Row> {
  data: T[];
  total: number;
  /** false when a filtered total was only counted up to `total` (the list shows 共 N+ 条). */
  totalExact?: boolean;
}

/** Task data of an approval. */
/** A file the open approval step requires (a 立项流程 stage's 必交资料): its label, the record's upload field, whether attached. */
export interface RequiredFile {
  label: string;
  field: string;
  attached: boolean;
}

export interface TaskData {
  taskId: string;
  procInstId?: string;
  /** The step the task is for, and the files it requires before its approver can agree. */
  stepName?: string;
  requiredFiles?: RequiredFile[];
}

export interface ApprovalDecision {
  taskId: string;
  processInstanceId?: string;
  comments?: string;
  /** On agree: files the step requires, attached now (upload field → files). */
  files?: Record<string, UploadedFile[]>;
}

/** Uploaded file: url with name or fileName. */
export interface UploadedFile {
  url: string;
  name?: string;
  fileName?: string;
}

/** ID card data. */
export interface IdCardData {
  idCardName?: string;
  sex?: string;
  birthday?: string;
  idCardNo?: string;
  provinceCityRegion?: string;
  address?: string;
}

/** A record a picker offers: its value (code or id), label and the properties the page may read. */
export interface PickerOption {
  value: string | number;
  label: string;
  record: Record<string, unknown>;
}

/** A stored dictionary item as the dictionary editor sees it: the API's item plus what editing needs. */
export interface DictEntry {
  id: string | number;
  fieldKey: string;
  dictName: string;
  dictCode?: string | null;
  dictImg?: string | null;
  dictIcon?: string | null;
  /** The extra value the page declares for the key (e.g. an expenseType's 会计科目 code). */
  dictExtra?: string | null;
  parentId?: string | number | null;
  sort?: number;
  /** 1 enabled, 0 disabled. */
  status?: number;
  /** A default every team starts with: rename only (no delete, code or parent change). */
  seeded?: boolean;
  leaderId?: number | string | null;
  children?: DictEntry[];
}

/** What the editor sends; absent properties stay as they are. */
export interface DictEntryInput {
  dictName?: string;
  dictCode?: string | null;
  parentId?: string | number | null;
  dictImg?: string | null;
  dictIcon?: string | null;
  dictExtra?: string | null;
  sort?: number;
  enabled?: boolean;
  leaderId?: number | string | null;
}

export interface DataProvider {
  getList(params: GetListParams): Promise<GetListResult>;
  getOne(params: { module: string; id: string | number }): Promise<Row>;
  create(params: { module: string; variables: Record<string, unknown> }): Promise<Row>;
  update(params: { module: string; id: string | number; variables: Record<string, unknown> }): Promise<Row>;
  deleteMany(params: { module: string; ids: (string | number)[] }): Promise<void>;
  /** Submits a record into its approval workflow (chosen: 发起人自选 picks by step index). */
  submit(params: { module: string; id: string | number; chosen?: Record<string, number[]> }): Promise<void>;
  /** The approval route a submission would follow now: process, version, and each step's approvers. */
  route(params: { module: string; id?: string | number; variables?: Record<string, unknown> }): Promise<RouteAnswer>;
  /** A stage action (e.g. 支付) with the values it asks for. */
  /** requestKey: one per dialog opening — the same key again does nothing (a double click, a retry). */
  stageAction(params: {
    module: string;
    id: string | number;
    action: string;
    values?: Record<string, unknown>;
    requestKey?: string;
  }): Promise<Row>;
  /** A stage action the page declares `batch` on every selected record: all or none. */
  /** requestKey: one per dialog opening — the same key again acts on none of the rows a second time. */
  stageBatch(params: {
    module: string;
    ids: (string | number)[];
    action: string;
    values?: Record<string, unknown>;
    requestKey?: string;
  }): Promise<{ count: number }>;
  /** Runs one of the page's generators (e.g. 生成工资表) and answers the record it created. */
  generate(params: { module: string; key: string; values?: Record<string, unknown> }): Promise<Row>;

  /** What a record picker of the module's form offers now (the server applies the schema's filter). */
  pickerOptions(params: {
    module: string;
    field: string;
    values?: Record<string, unknown>;
    keyword?: string;
  }): Promise<PickerOption[]>;

  // Category tree of a module.
  listCategories(params: { module: string }): Promise<CategoryNode[]>;
  addCategory(params: { module: string; name: string; parentId?: string }): Promise<CategoryNode>;
  renameCategory(params: { module: string; id: string; name: string }): Promise<void>;
  deleteCategory(params: { module: string; id: string }): Promise<void>;
  moveCategoryUp(params: { module: string; id: string }): Promise<void>;
  moveCategoryDown(params: { module: string; id: string }): Promise<void>;

  // Dictionaries: options keep label, value = id, title = names joined by '/', isLeaf, children.
  queryByFieldKey(fieldKey: string): Promise<Option[]>;
  queryByFieldKeys(fieldKeys: string[]): Promise<Record<string, Option[]>>;

  // Dictionary pages: every item of a key (disabled ones too), and the permission-checked writes.
  listDictItems(fieldKey: string): Promise<DictEntry[]>;
  addDictItem(params: { fieldKey: string; values: DictEntryInput }): Promise<DictEntry>;
  updateDictItem(params: { id: string | number; values: DictEntryInput }): Promise<DictEntry>;
  deleteDictItem(params: { id: string | number }): Promise<void>;
  /** Swaps with the previous/next sibling; false at the first/last position. */
  moveDictItem(params: { id: string | number; direction: 'up' | 'down' }): Promise<boolean>;
  enableDictItem(params: { id: string | number; enabled: boolean }): Promise<DictEntry>;

  // Approval workflow. A missing taskId means the viewer has nothing to decide.
  findTaskIdByFormId(formId: string | number): Promise<TaskData | null>;
  findApprovalByFormId(formId: string | number): Promise<ApprovalStep[]>;
  agree(decision: ApprovalDecision): Promise<void>;
  refuse(decision: ApprovalDecision): Promise<void>;
  withdraw(params: { formId: string | number }): Promise<void>;

  // Files: upload returns the stored file (url, name); ID-card recognition reads an uploaded image.
  upload(file: File | Blob, name?: string): Promise<UploadedFile>;

  // The tab bar's 帮助 (optional: a provider without it shows the page's own tips image only).
  getGuidance?(module: string): Promise<Guidance>;
  saveGuidance?(params: { module: string; helpText: string; tipsImage: string | null }): Promise<Guidance>;
  // A record's 操作记录 (optional: a provider without it shows no such panel).
  recordHistory?(params: { module: string; id: string | number }): Promise<HistoryEntry[]>;
  recognizeIdCard(file: UploadedFile): Promise<IdCardData>;
  /** Excel export of a list (the server streams it; optional: a provider without it offers no 导出). */
  exportList?(params: ExportListParams): Promise<ExportedFile>;
  /** A picker tree with a second level (tree.children): the nodes as the server lists them. */
  treeNodes?(module: string): Promise<CategoryNode[]>;
  /** 智能数据: the figures of every chart the module's page declares, with the header's tab and period (optional). */
  charts?(params: {
    module: string;
    tab?: string;
    period?: string;
    categoryId?: string;
    filters?: Filter[];
  }): Promise<{ period: string | null; charts: ChartFigures[] }>;
  // Excel import (optional: a provider without it offers no 导入).
  /** The module's import template (.xlsx) and its file name. */
  importTemplate?(module: string): Promise<{ blob: Blob; fileName: string }>;
  /** Every row of the file with its errors, by the rules a save uses; nothing is stored. */
  importPreview?(module: string, file: File | Blob, name?: string): Promise<ImportPreview>;
  /** Stores the rows: mode 'valid' only the correct ones, 'all' all or none. */
  importRows?(module: string, file: File | Blob, mode: 'all' | 'valid', name?: string): Promise<ImportResult>;
}

/** One chart of the 智能数据 view as the server aggregated it: group labels and their values, in the order shown. */
export interface ChartFigures {
  key: string;
  title: string;
  type: 'bar' | 'line' | 'pie';
  op: 'sum' | 'count' | 'avg';
  unit?: string;
  categories: string[];
  values: number[];
  /** The field the header's period narrowed; null when the chart covers every period. */
  periodField: string | null;
}

/** A row of an import preview: its Excel row number, its cells by header and its errors. */
export interface ImportRow {
  rowNumber: number;
  values: Record<string, string>;
  errors: string[];
}

export interface ImportPreview {
  headers: string[];
  total: number;
  valid: number;
  invalid: number;
  rows: ImportRow[];
}

export interface ImportResult {
  mode: 'all' | 'valid';
  total: number;
  imported: number;
  failed: number;
  rows: ImportRow[];
  /** The failed rows with 错误原因, as an .xlsx in base64 (null when none failed). */
  errorReport: string | null;
  errorReportName: string | null;
  message?: string;
}

/** One entry of a record's 操作记录: who did what when, and each changed field before and after. */
export interface HistoryEntry {
  id: number;
  at: string;
  action: string;
  actionName: string;
  userName: string;
  changes: { field: string; label: string; before: string; after: string }[];
}

/** A module's operation guidance (the tab bar's 帮助), per team: every member reads it, admins edit it. */
export interface Guidance {
  module: string;
  helpText: string;
  tipsImage: string | null;
  updatedAt: string | null;
  updatedByName: string | null;
  canEdit?: boolean;
}

export const DataProviderContext = createContext<DataProvider | null>(null);

export function useDataProvider(): DataProvider {
  const p = useContext(DataProviderContext);
  if (!p) throw new Error('DataProviderContext is missing: wrap the page in <DataProviderContext.Provider>');
  return p;
}

/**
 * A refusal the person can act on, or null: 400 (a rule of the form or the step failed) and 409 (stock short, the
 * record moved on, someone else was saving) carry the server's reason. Other failures (no permission, gone, network)
 * are not such a reason. Providers reject with an error carrying the answer's `status` (ApiError does).
 */
export function actionableRefusal(err: unknown): string | null {
  if (!(err instanceof Error) || !('status' in err)) return null;
  return err.status === 400 || err.status === 409 ? err.message : null;
}

/** Why a read failed, as the screen says it: no permission, no server, or the server refused otherwise. */
export type ReadFailure = 'forbidden' | 'unreachable' | 'failed';

/** Providers reject with the answer's `status` (403: no permission) or, when no answer came, `kind: 'transport'`. */
export function readFailure(err: unknown): ReadFailure {
  if (typeof err !== 'object' || err === null) return 'failed';
  if ('status' in err && err.status === 403) return 'forbidden';
  return 'kind' in err && err.kind === 'transport' ? 'unreachable' : 'failed';
}
