// Types of the page-schema language. schemas/page.schema.json is the
// machine-checked twin of this file; keep both in step: language.test.ts generates a JSON schema from these types and
// fails on any property, required flag, enum value or kind of value the two do not share.

/** One option of a select-like field or column: inline, or mapped from a dictionary item. */
export interface Option {
  label: string;
  value: string | number | boolean;
  disabled?: boolean;
  id?: string | number;
  dictCode?: string;
  dictImg?: string;
  icon?: string;
  parentId?: string | number | null;
  /** Path of names joined by '/' (dictionary options). */
  title?: string;
  isLeaf?: boolean;
  children?: Option[];
  /** Tag colour for status columns. */
  color?: string;
}

/**
 * A value a schema refers to instead of spelling it: today (China time), the current user, or another field
 * of the form being filled in. Resolved by the server (and by the browser for display), never sent by clients.
 */
export type ValueRef = { $today: true } | { $user: true } | { $dept: true } | { $field: string };

/** One condition of a record picker: the picked record's `field` compared with a value or a ValueRef. */
export interface RecordCondition {
  field: string;
  /** `has`: an array field (e.g. participantIds) holds the value; `year`: a date's year is the value (2025). */
  operator: 'eq' | 'ne' | 'in' | 'contains' | 'has' | 'gt' | 'gte' | 'lt' | 'lte' | 'notNull' | 'null' | 'year';
  /** A literal, a ValueRef, or { "$source": "<field>" }: another field of the same filtered record (returnDate lte planReturnDate). */
  value?: unknown;
}

/**
 * A figure read from other records on every save and settle (so it cannot be sent wrong and follows its
 * sources): the sum of `field` (or the count) of the records of `module` that match `filter`, whose values
 * may refer to this record's fields ({ "$field": "userId" }). E.g. 请假天数 = Σ approved leave of the month.
 */
export interface AggregateDef {
  module: string;
  op: 'sum' | 'count';
  field?: string;
  filter: RecordCondition[];
  /** Computed each time the record is read (list, get, export) and never stored: a figure that follows other modules' records. */
  onRead?: boolean;
  /** The same op over further modules, added to the figure (on-time orders of 外发单, 采购单 and 安装单 alike). */
  also?: { module: string; field?: string; filter: RecordCondition[] }[];
}

/**
 * A record picker: the value is a record of another module, chosen among those that
 * match `filter`. The server checks the pick on every save and loads it for expressions as picked.<field>.
 */
export interface RecordSource {
  module: string;
  /** Several modules offered as one list (a project of any initiation page); `module` is one of them. The pick stores its module as <field>Module. */
  modules?: string[];
  /** The picked record's property stored as the value: its code (default) or id. */
  valueField?: 'code' | 'id';
  /** Option label, e.g. "{code} · {reason} · 未还 {balancePrice} 元". */
  label: string;
  filter?: RecordCondition[];
  /** With `modules`: the conditions for one of them in place of `filter`, when its fields differ (道具项目's projectStage). */
  filterOf?: Record<string, RecordCondition[]>;
  /** Form fields filled in from the picked record on pick: { formField: pickedField }. */
  fill?: Record<string, string>;
  /**
   * The form's lines replaced, on a user's pick, by one per line of the picked record (which must expose
   * `lines`): { lineCell: pickedLineCell } (a 采购模板 fills a request's 明细). The lines stay editable and are
   * checked on save like typed ones.
   */
  fillLines?: Record<string, string>;
  /** Further properties of the picked record the page's expressions read (picked.<field>.<prop>). */
  expose?: string[];
}

/** A line cell's options: the lines of the record the form's picker `field` picked (库位 of the picked warehouse). */
export interface PickedLinesSource {
  pickedLines: {
    field: string;
    value: string;
    label?: string;
    /** A line cell holding its own pick of the same kind (a line's own 仓库): when set, its record's lines are the options. */
    lineField?: string;
  };
}

/**
 * A record picker declared once (catalogue/pickers.json) and named (pickers.ts): the named picker with these
 * properties in place of its own, e.g. { "picker": "customer" } or { "picker": "material", "fill": { "unit": "unitName" } }.
 */
export interface NamedPicker {
  picker: string;
  label?: string;
  filter?: RecordCondition[];
  fill?: Record<string, string>;
  fillLines?: Record<string, string>;
  expose?: string[];
}

/**
 * `data` of a field or column: inline options, the fieldKey of a server dictionary, a record picker (or a named one),
 * or a picked record's lines.
 */
export type OptionSource = Option[] | { fieldKey: string } | RecordSource | NamedPicker | PickedLinesSource;

export const pickedLinesOf = (d: unknown): PickedLinesSource['pickedLines'] | undefined =>
  d && typeof d === 'object' && !Array.isArray(d) && 'pickedLines' in d
    ? (d as PickedLinesSource).pickedLines
    : undefined;

/** The option label of one of a picked record's lines: {cell} replaced by its value (default: the value). */
export const pickedLineLabel = (src: PickedLinesSource['pickedLines'], line: Record<string, unknown>) =>
  (src.label ?? `{${src.value}}`)
    .replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, k: string) =>
      line[k] === undefined || line[k] === null ? '' : String(line[k]),
    )
    .trim();

/** Shown (and stored, and checked) only when another field has a value: one given value, one of several, or any. */
export interface FieldCondition {
  field: string;
  value?: unknown;
  values?: unknown[];
}

export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'select',
  'multiSelect',
  'treeSelect',
  'cascader',
  'date',
  'month',
  'dateTime',
  'dateRange',
  'twoText',
  'dimension',
  'upload',
  'image',
  'idCard',
  'switch',
  'radio',
  'checkbox',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A sub-input of a two-text or dimension field. */
export interface SubField {
  name: string;
  label?: string;
  min?: number;
  max?: number;
  unit?: string;
  flex?: number;
  placeholder?: string;
  type?: 'text' | 'number';
}

/** Form field definition. The misspelling `fontendType` is the page-schema format's and is kept. */
export interface FieldDef {
  fieldName: string;
  titleName: string;
  fontendType: FieldType;
  requireAble?: boolean;
  reg?: string;
  regMsg?: string;
  min?: number;
  max?: number;
  /** Number fields: the value must be greater than this (金额必须大于0), where `min` lets the bound itself through. */
  exclusiveMinimum?: number;
  /** Number fields: the value must be less than this. */
  exclusiveMaximum?: number;
  maxLength?: number;
  /** For text fields: 'number' makes the value numeric and range-checked; 'select' marks text-with-type. */
  type?: string;
  unit?: string;
  data?: OptionSource;
  props?: Record<string, unknown>;
  /** A new record's value when none is given: the current user, the user's department, today, this month, or a constant. */
  default?: 'currentUser' | 'currentDept' | 'today' | 'thisMonth' | 'now' | { value: unknown };
  /**
   * Computed on save (and shown read-only), from an expression over the record (src/common/expr):
   * e.g. "sum(lines, \"price\")", "totalPrice - offsetPrice", "picked.prepayCode.advancePaidPrice".
   * The server recomputes it on every save; what a client sends is ignored.
   */
  compute?: { expr: string };
  /** Read from other records on every save and settle (read-only in the form); see AggregateDef. */
  aggregate?: AggregateDef;
  /**
   * A text field the server fills when it is left blank: prefix + the team's next number of this field (工号 YG001,
   * YG002…), one past the highest in use. `digits`: the number's width (default 3).
   */
  autoNumber?: { prefix: string; digits?: number };
  /** Shown only when another field has a value; a hidden field is neither required nor stored. */
  dependOn?: FieldCondition;
  /**
   * A text field holding another team's code (团队编码, 关联平台团队): the server looks it up on every save, refuses an
   * unknown code or the caller's own team, and stores only that team's name beside it (<field>Name).
   */
  teamLookup?: boolean;
  /**
   * The kinds of team the field is for: in a team of another kind the page is served without it (hidden, not
   * required, off the add dialog, the list and the search), e.g. 部门 only in enterprise teams.
   * @minItems 1
   */
  teamTypes?: ('individual' | 'enterprise')[];
  disabled?: boolean;
  hidden?: boolean;
  remark?: string;
  tooltip?: string;
  /** Shown in the add dialog (false keeps it to the drawer only). */
  isAdd?: boolean;
  placeholder?: string;
  /**
   * dayjs format the value is stored in (dates); default: the kind's (rules/format.ts DATE_FORMATS: YYYY-MM-DD for
   * date and dateRange, YYYY-MM for month, YYYY-MM-DD HH:mm:ss for dateTime and a dateRange with showTime).
   */
  valueFormat?: string;
  /** Upload file-count limit. */
  limit?: number;
  accept?: string;
  /** Date range: show 共N天. */
  isComputingTime?: boolean;
  fields?: SubField[];
  connector?: string;
  showLabels?: boolean;
  /** Grid columns this field spans. */
  gridColumn?: number;
  /** Search fields: the record property the filter applies to, when not fieldName; `lines.<prop>` matches records with such a line. */
  filterOn?: string;
}

export const COLUMN_TYPES = [
  'text',
  'image',
  'textButton',
  'buttonList',
  'spanList',
  'status',
  'time',
  'month',
  'allDate',
  'infoPopover',
  'cellList',
  'dropdownList',
  'starMark',
  'enum',
  'slot',
  'money',
  'percent',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Detail popover configuration of a column (misspellings kept: the page schemas use them). */
export interface PopoverConfig {
  /** Row property holding the popover data (array → sub-table, object → description list). */
  infoProp?: string;
  infoPopoverText?: string;
  tabelHeaders?: { prop: string; label: string; width?: number }[];
  popoverWidth?: number;
  trigger?: 'hover' | 'click';
  /** Description list columns. */
  column?: number;
  /** Text of the trigger link. */
  handelText?: string;
}

/** Table column definition, shared by data lists and editable line items. */
export interface ColumnDef extends PopoverConfig {
  prop: string;
  label: string;
  type?: ColumnType;
  width?: number;
  fixed?: 'left' | 'right';
  sortable?: boolean;
  /**
   * A sortable column whose value is computed when read (逾期天数 = today − 交付日期) sorts by the stored field its
   * order follows; `reverse`: the column grows as that field falls (the earlier the delivery date, the more days overdue).
   */
  sortAs?: { field: string; reverse?: boolean; when?: RecordCondition[] };
  /** Shown by default in the column chooser (false hides it until chosen). */
  checked?: boolean;
  /**
   * Whether the list keeps the column on screen when its columns are wider than the list (the others are left out
   * until chosen). By default the code, name, amount and status columns are kept.
   */
  keep?: boolean;
  /** Enum map, options, or buttons depending on the type. */
  data?: OptionSource | Record<string, string> | ButtonDef[];
  /** Row property displayed instead of `prop`. */
  viewField?: string;
  unit?: string;
  requireAble?: boolean;
  tooltip?: string;
  dependOn?: { field: string; value: unknown };
  showCondition?: { field: string; value: unknown };
  /** Line cells: the column is shown, stored and checked only while the record's field holds (调入库位 only on a 调拨). */
  recordDependOn?: FieldCondition;
  limit?: number;
  accept?: string;
  /** Editable cell input: text, number, select, date. */
  inputType?: 'text' | 'number' | 'select' | 'multiSelect' | 'date';
  maxLength?: number;
  /** Text cells: the pattern a value must match, and the message when it does not (a contact's 手机号, 邮箱). */
  reg?: string;
  regMsg?: string;
  /** Price cells format to two decimals on blur. */
  priceType?: boolean;
  summaryMethod?: 'sum' | 'none';
  /** Number cells: the smallest and largest value allowed (standard range messages). */
  min?: number;
  max?: number;
  /** Number cells: the value must be greater (less) than this: 数量必须大于0. */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** Line cells computed from the line (expression scope: the line's cells, and the record as `record`). */
  compute?: { expr: string };
}

/**
 * A record's print template: title, header fields (two per row), the line table's columns, totals in figures and
 * in 大写, the approval history and signature boxes. Every field named must exist on the page (checked at start).
 */
export interface PrintTemplateDef {
  title?: string;
  header?: string[];
  lines?: { columns: string[] };
  totals?: { field: string; label?: string; capital?: boolean }[];
  /** Default true. */
  approvals?: boolean;
  signatures?: string[];
}

/**
 * A named document a page offers besides its print (木作部件清单, 下料单, 道具清单, package labels):
 * a PDF laid out like a print, or an .xlsx. `from: 'record'`: one record's lines (its own, or those of the
 * record a picker field picks), kept by `lineFilter`, grouped with subtotals by `groupBy`; `layout: 'labels'`
 * prints one label per line with a QR code. `from: 'list'`: the list as the caller queries it (xlsx).
 * A button (row, drawer or list action) with `action: 'document'` and the document's key offers it.
 */
export interface DocumentDef {
  key: string;
  title: string;
  format: 'pdf' | 'xlsx';
  from: 'record' | 'list';
  /** `<module>:<action>` of this page (e.g. propRegistration:print): the permission the document needs. */
  permissionCode: string;
  /** record: fields of the record printed above the table. */
  header?: string[];
  /** record: a record picker field whose picked record's lines are used instead of this record's. */
  linesOf?: string;
  /** record: keep the lines whose cell holds the value (or one of the values). */
  lineFilter?: Record<string, string | number | boolean | (string | number | boolean)[]>;
  /** record: line columns; list: list columns (default: the visible ones). */
  columns?: string[];
  /** record: lines sorted into groups of equal cells, each closed by a 小计 row. */
  groupBy?: string[];
  /** record: line columns summed (per group and in total). */
  sum?: string[];
  /** record: a number field of the record the summed columns are multiplied by (a task's quantity × the BOM). */
  times?: string;
  /** record: `labels` prints one label per line: a QR code of the line's `qr` cell, the header fields and the columns, n/N. */
  layout?: 'table' | 'labels';
  qr?: string;
}

/**
 * A button in action bars, row operations and footers. `children` turns it into a dropdown. Its key and text may be
 * left to its action; they are filled in (button-defaults.ts) before a page reaches the engine or the server, and the
 * checker refuses a button left without them.
 */
export interface ButtonDef {
  /** Defaults, for add, view, edit, delete, submit, withdraw, export and import, to the action (button-defaults.ts). */
  key?: string;
  /** Defaults to the action's usual text (新增, 查看, 编辑…), and for a stage button to its stage action's. */
  text?: string;
  /** Built-in actions the renderer knows; anything else is emitted as a custom action. */
  /** `stage` in list actions: the stage action `key` on every selected row; `generate`: the page's generator `key`; `import`: Excel import (template, preview, import); `print` in list actions: the selected rows as one PDF. */
  /** `open` (list actions): another page's new-record drawer, prefilled from the rows (`open`). */
  action?:
    | 'add'
    | 'view'
    | 'edit'
    | 'delete'
    | 'submit'
    | 'withdraw'
    | 'stage'
    | 'generate'
    | 'export'
    | 'import'
    | 'print'
    | 'document'
    | 'custom'
    | 'open';
  type?: 'primary' | 'default' | 'dashed' | 'link' | 'text';
  danger?: boolean;
  permissionCode?: string;
  children?: ButtonDef[];
  open?: OpenPageDef;
}

/**
 * A list action that opens another page's new-record drawer prefilled from rows of this list (库存 → 申请采购):
 * the selected rows, or with none selected the rows of the list's `tab`; `rowsWhen` keeps those it holds for.
 * Nothing is saved: the user checks the drawer and submits it, and the server checks it like any other.
 */
export interface OpenPageDef {
  /** The page (its route and module key) whose drawer opens. */
  page: string;
  /** Which rows become lines (expression over a row), e.g. belowSafety == "是". */
  rowsWhen?: string;
  /** With no row selected: the section-header tab whose rows are taken (up to 200). */
  tab?: string;
  /** Drawer field → expression over the first row. */
  set?: Record<string, string>;
  /** One line per row: line cell → expression over the row (e.g. quantity: safetyStock - availableQuantity). */
  lines: Record<string, string>;
}

export interface CategoryNode {
  id: string;
  name: string;
  label?: string;
  path?: string;
  noEdit?: boolean;
  children?: CategoryNode[];
}

export interface TreeConfig {
  title: string;
  addable?: boolean;
  /** Enables 编辑/删除 in the node menu. */
  editable?: boolean;
  /** Static nodes; without them the data provider's tree calls are used. */
  nodes?: CategoryNode[];
  /**
   * The tree is the team's dictionary of this fieldKey (e.g. dept, fileFolder, partnerType), maintained on its
   * dictionary page; choosing a node shows the records whose `field` is that node or one below it.
   */
  fieldKey?: string;
  field?: string;
  /** The nodes are the records the form's record picker `field` offers (e.g. the customers of customerId). */
  fromPicker?: true;
  /**
   * A second level under each picker or dictionary node (客户 → 道具项目, 伙伴类型 → 伙伴): the records the form's
   * picker `field` offers whose `parentField` holds the node's value (a multi-valued one: any of them). Choosing one
   * filters the list by `field`. Nodes come from the server.
   */
  /** `label`: the second-level nodes' label template, when the picker's own says more than the tree needs. */
  children?: { field: string; parentField: string; label?: string };
}

export interface ModuleItem {
  moduleAbbreviation: string;
  mobileClientName: string;
  key?: string;
}

export interface TabsConfig {
  /** The module's help text under the tab bar's 帮助, until the team writes its own (operation guidance). */
  help?: string;
  tipsImage?: string;
  /** A tab bar of catalogue/tab-bars.json by name (tab-bars.ts): its items become `modules`. */
  bar?: string;
  /** The tab bar's items, when the page writes its own instead of naming one (`bar`). */
  modules?: ModuleItem[];
  hideSmartData?: boolean;
}

/**
 * A classification tab of the section header. Without `filter` it is an OA tab (all | todo | mine | done | cc);
 * with one, it narrows the list to records matching every condition. The client sends only `value`: the
 * server looks the filter up in the schema (a ValueRef such as { "$today": true } is resolved there).
 */
export interface ListTab {
  label: string;
  value: string;
  filter?: RecordCondition[];
  /** On a header with many tabs, the tabs of one group fold into one tab choosing among them (阶段：制作中 ▾). */
  group?: string;
  /**
   * A work queue (待分配, 待入库, 待我审批…): it shows all pending work whatever its date, so the header's month or
   * year does not narrow it. The server ignores a period sent with it; the header shows 全部 instead of the period.
   */
  queue?: boolean;
}

export interface SectionHeaderConfig {
  title: string;
  /**
   * A named set of OA tabs shown before `tabs` (page-defaults.ts): approval = 全部, 待我审批, 我发起的, 我已审批;
   * approvalCc adds 抄送我的. 待我审批 is a work queue when the header has a month or year.
   */
  oaTabs?: 'approval' | 'approvalCc';
  tabs?: ListTab[];
  /** After `tabs`: one tab per stage value of the page's `stages` (filter: stage field = that value). */
  stageTabs?: boolean;
  dateMode?: 'none' | 'year' | 'monthYear';
  /** The record field the header's month or year filters (the list shows records whose value lies in it). */
  dateField?: string;
}

export interface ListConfig {
  search?: FieldDef[];
  columns: ColumnDef[];
  columnChooser?: boolean;
  selection?: boolean;
  index?: boolean;
  treeIndex?: boolean;
  /**
   * Rows as a tree: a row whose `parentField` (a picker of the same module) names another row of the page is shown
   * under it, expandable (a kit's parts under the kit); with `treeIndex` numbered 1, 1.1, 1.2…
   */
  rowTree?: { parentField: string };
  actions?: ButtonDef[];
  operations?: ButtonDef[];
  operationWidth?: number;
  /** Workflow lists lose more height to the OA tabs. */
  workflow?: boolean;
  height?: number;
  pageSize?: number;
  /** Row colours by rule, first match wins: e.g. { "when": "dueDate < today() && balancePrice > 0", "textColor": "#cf1322" }. */
  rowStyles?: RowStyle[];
}

export interface RowStyle {
  when: string;
  color?: string;
  textColor?: string;
}

export interface DialogConfig {
  title: string;
  width?: number;
  fields: FieldDef[];
  submitText?: string;
  extraButton?: ButtonDef;
}

export interface SystemCodeConfig {
  title: string;
  prop: string;
  statusProp?: string;
  remark?: string;
  tooltip?: string;
}

export interface LinesConfig {
  title?: string;
  columns: ColumnDef[];
  addable?: boolean;
  /** Lines a record needs when it is submitted (a draft may keep fewer). */
  minOnSubmit?: number;
  /** Lines only effects write (e.g. 还款记录): clients cannot add, change or remove them. */
  readOnly?: boolean;
}

export interface DrawerConfig {
  title: string;
  width?: number;
  systemCode?: SystemCodeConfig;
  fields: FieldDef[];
  lines?: LinesConfig;
  buttons?: ButtonDef[];
  /** Shows the 审批动态 panel and the agree/reject/withdraw footer. */
  approval?: boolean;
}

/**
 * A chart of the page's 智能数据 view: one GROUP BY over the team's records the caller may see (deleted ones
 * excluded, the section header's period and tab applied). `groupBy.by`: each value of the field (a dictionary
 * field is grouped by its id and labelled with its stored name), or its month / day. `lines: true` counts each
 * line item (the line table's cells are then fields too). `limit`: the top N values, the rest as 其他.
 */
export interface ChartDef {
  key: string;
  title: string;
  type: 'bar' | 'line' | 'pie';
  groupBy: { field: string; by?: 'value' | 'month' | 'day' };
  /** sum / avg over a number or money field; count of records (or of line items). */
  measure: { op: 'sum' | 'count' | 'avg'; field?: string; unit?: string };
  filter?: RecordCondition[];
  limit?: number;
  lines?: boolean;
  /** The field the header's month or year narrows (default: the section header's dateField; none: every period). */
  dateField?: string;
}

/** A field naming a user, and the fields that user may change (`lines.<cell>` for a line-item cell). */
export interface EditableBy {
  field: string;
  fields: string[];
}

/**
 * A nested list of a page (PageSchema's `entities`): a record page without the page-level module tab bar and without
 * nesting. A named interface rather than Omit<PageSchema, …>: the schema generated from these types (language.test.ts)
 * gives an Omit of the type that refers to it no properties at all.
 */
export interface EntityDef {
  /** The list's route and unique key; default: its module (page-defaults.ts), written only where they differ. */
  key?: string;
  title: string;
  /** Data-provider module key. */
  module: string;
  /** System-code prefix of the module's records, e.g. BX → BX202611210001. */
  codePrefix?: string;
  /** A prefix per value of one field, e.g. a stock document's billType 入库 → RK, 出库 → CK (others: codePrefix). */
  codePrefixBy?: { field: string; prefixes: Record<string, string> };
  /** Field holding the record's main amount (an approval step's money). */
  moneyField?: string;
  /** Records print as a server-made PDF with the default template (the drawer's fields and lines). */
  printable?: boolean;
  /** The print template (implies printable). */
  print?: PrintTemplateDef;
  /** Named documents (PDF or Excel) besides the print; see DocumentDef. */
  documents?: DocumentDef[];
  /** Field naming the person a record is for (a user id); default: its creator. */
  applicantField?: string;
  /** Field holding the applicant's department (a dept dictionary id). */
  deptField?: string;
  /** The page's records are a product capability: approval process templates or bindings. */
  provides?: 'approvalProcess' | 'approvalBinding';
  stages?: StagesConfig;
  /** At most one record per key: e.g. one default binding per module (enforced by the database). */
  unique?: UniqueRule[];
  /** No two records of the same resource with overlapping periods (a room, a vehicle): a database exclusion constraint. */
  noOverlap?: OverlapRule[];
  /** Record rules as expressions, checked by the drawer and the server on every save: e.g. weights total 100. */
  checks?: CheckRule[];
  /** What a transition does to other records, in its transaction: see EffectDef. */
  effects?: EffectDef[];
  tree?: TreeConfig;
  sectionHeader?: SectionHeaderConfig;
  list: ListConfig;
  addDialog?: DialogConfig;
  drawer?: DrawerConfig;
  /**
   * Records take effect on submit without an approval unless this holds (e.g. only a supplier's admission,
   * only a 公司制度 file, needs OA): `includes(partnerTypeName, "供应商")`. Evaluated by the server on submit.
   */
  approvalWhen?: string;
  /**
   * The approval's steps come from a record the form picks, not from the team's process bindings: one step per
   * line of the picked record (a project's 立项流程: its stages, each with its approvers and time limit).
   */
  approvalFrom?: ApprovalFrom;
  /** Records matching every condition are retired: no record picker offers them and a new pick is refused. */
  retired?: RecordCondition[];
  /**
   * Who sees a record: a member lists, opens, changes and picks it only when one of these condition groups
   * holds (ValueRefs $user and $dept are the caller's). E.g. files visible to 全员, to my department, to me.
   */
  visibleWhen?: RecordCondition[][];
  /** With visibleWhen: the team's admins (and its owner) see every record (company files); without, they too see only theirs (payslips). */
  visibleToAdmins?: boolean;
  /**
   * The team's shared reference records (materials, warehouses, the company's information, templates): everyone
   * who may open the page reads them whatever his role's data scope, which narrows only the documents people make.
   * Writing still follows ownership and permission codes.
   */
  sharedRecords?: boolean;
  /** Records only effects and generators write: users list and open them, never add, change or delete. */
  readOnly?: boolean;
  /** false: records only effects make; users change them and take their stage actions but never add one. */
  addable?: boolean;
  /**
   * Records another record's effect made (an 应付单 of a purchase, a payroll) follow their source: no one edits or
   * deletes them by hand, while their stage actions and the effects of later documents still move them. Records
   * people add themselves stay editable.
   */
  generatedReadOnly?: boolean;
  /** A read-only list of another module's records (with this list's own columns, drawer and visibleWhen). */
  viewOf?: string;
  /**
   * Users who may also change a record while it is editable, besides its creator and the team's admins, and
   * only in the fields listed: e.g. the appraised employee (userId) fills in the self scores
   * (`lines.selfScore`) of an appraisal HR created; the server refuses any other field he sends changed.
   */
  editableBy?: EditableBy[];
  /** One record per team (e.g. 企业信息): the page opens it; a second one is refused. */
  single?: boolean;
  /** The 智能数据 view's charts (none: the module tab bar shows no 智能数据 entry). */
  charts?: ChartDef[];
  /** Actions that build a record from other modules' records (e.g. 生成工资表 for a month): see GeneratorDef. */
  generators?: GeneratorDef[];
}

/** A record page: its records' fields, list and dialogs (a dictionary page is DictionaryPageSchema). */
export interface PageSchema extends EntityDef {
  $schema?: string;
  tabs?: TabsConfig;
  /**
   * Further lists of the same route (e.g. 应付单 | 付款申请), shown as extra section-header tabs. Each is a
   * record module of its own (its own `module` key, unique across all schemas) and inherits nothing from
   * the page but the route, the module tab bar and the permission codes (`<page module>:<action>`).
   */
  entities?: EntityDef[];
}

/**
 * Builds one record from other records, e.g. a month's payroll: one line per record of `lines.from` (in
 * effect, matching its filter), each joined to records of other modules, its cells computed by expressions
 * over `row` (the source record), `input` (what the action asks for) and the joins by name. The record is then
 * saved like any other (its own computed fields, rules and uniqueness apply: a month generated twice is refused).
 */
export interface GeneratorDef {
  key: string;
  text: string;
  permissionCode: string;
  /** What the action asks for (e.g. the month). */
  fields: FieldDef[];
  /** The record's fields: field → expression over input. */
  set: Record<string, string>;
  lines: {
    /**
     * The source records (in effect, matching the filter); with `latest`, only the one with the greatest `by`
     * per value of `per` (e.g. each employee's salary file effective last: a raise is a newer file).
     */
    from: { module: string; filter?: RecordCondition[]; latest?: { per: string; by: string } };
    /** Records joined to each source row: name → which. */
    join?: Record<string, GeneratorJoin>;
    /** Line cell → expression over row, input and the joins. */
    set: Record<string, string>;
    /** How a source row is named in a refusal (an expression), e.g. row.userIdName. */
    label?: string;
  };
  confirm?: string;
}

export interface GeneratorJoin {
  module: string;
  /** Joined record's field → expression its value must equal (over row and input). */
  match: Record<string, string>;
  filter?: RecordCondition[];
  /** All matching records (a list), instead of the first one (or null). */
  many?: boolean;
  /** Refusal when a row has no such record: "<required>：<labels of those rows>". */
  required?: string;
}

/**
 * A dictionary page (e.g. 字段字典): no records of its own, one generic editor of the team's
 * dictionaries it lists, as a tree of group → fieldKey. A page has either `list` (a record page, PageSchema)
 * or `dictionary` (this), never both; the meta-schema enforces it.
 */
export interface DictionaryPageSchema {
  $schema?: string;
  /** Default: the module. */
  key?: string;
  title: string;
  /** Permission module: writes on the keys this page maintains need `<module>:add|edit|delete`. */
  module: string;
  tabs?: TabsConfig;
  dictionary: DictionaryConfig;
}

/**
 * A field-options page (the field-options page): no records of its own, one generic editor of the field overrides of every
 * record page (src/common/schema/field-options.ts; server /api/field-options/*).
 */
export interface FieldOptionsPageSchema {
  $schema?: string;
  /** Default: the module. */
  key?: string;
  title: string;
  module: string;
  tabs?: TabsConfig;
  fieldOptions: { title?: string; platform?: boolean };
}

/**
 * A team-admin page: no records of its own, one generic editor of the active team's members, roles and join
 * requests, for the team's admins (server /api/team-admin/*).
 */
export interface TeamAdminPageSchema {
  $schema?: string;
  /** Default: the module. */
  key?: string;
  title: string;
  module: string;
  tabs?: TabsConfig;
  teamAdmin: { sections: TeamAdminSection[] };
}
export type TeamAdminSection = 'members' | 'roles' | 'requests';

export function isTeamAdminPage(s: AnyPageSchema): s is TeamAdminPageSchema {
  return !!(s as TeamAdminPageSchema).teamAdmin;
}

/**
 * A platform page (模块设置, 模式管理, 行业模块): no records of its own, one generic editor of
 * the platform catalogue tables (server /api/platform/*, platform administrators only), tab by tab.
 */
export interface PlatformTablePageSchema {
  $schema?: string;
  /** Default: the module. */
  key?: string;
  title: string;
  module: string;
  platformTable: { tabs: PlatformTab[] };
}

export type PlatformOptionsRef =
  | 'modules'
  | 'allModules'
  | 'modes'
  | 'industries'
  | 'tenants'
  | 'groups'
  | 'seedSets'
  | 'modeTypes'
  | 'stages'
  | { value: string | number | boolean; label: string }[];

export interface PlatformTab {
  key: string;
  title: string;
  table: 'modules' | 'modes' | 'grants' | 'industries';
  rowKey?: string;
  treeBy?: string;
  add?: boolean;
  delete?: string;
  deleteIf?: string;
  searchPlaceholder?: string;
  columns: {
    prop: string;
    label: string;
    width?: number;
    type?: 'text' | 'switch' | 'tag' | 'tags' | 'period' | 'money';
    options?: PlatformOptionsRef;
    tagColors?: Record<string, string>;
    sorter?: boolean;
  }[];
  fields: PlatformField[];
}

export interface PlatformField {
  fieldName: string;
  titleName: string;
  type:
    | 'input'
    | 'textarea'
    | 'number'
    | 'switch'
    | 'select'
    | 'multiSelect'
    | 'treeSelect'
    | 'treeSelectMultiple'
    | 'radio'
    | 'dateRange'
    | 'text';
  required?: boolean;
  readOnly?: boolean;
  readOnlyOnEdit?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  precision?: number;
  reg?: string;
  regMsg?: string;
  options?: PlatformOptionsRef;
  default?: unknown;
  placeholder?: string;
}

/** Any valid page schema. */
export type AnyPageSchema =
  | PageSchema
  | DictionaryPageSchema
  | FieldOptionsPageSchema
  | TeamAdminPageSchema
  | PlatformTablePageSchema;

export function isPlatformTablePage(s: AnyPageSchema): s is PlatformTablePageSchema {
  return !!(s as PlatformTablePageSchema).platformTable;
}

export function isFieldOptionsPage(s: AnyPageSchema): s is FieldOptionsPageSchema {
  return !!(s as FieldOptionsPageSchema).fieldOptions;
}

export function isDictionaryPage(s: AnyPageSchema): s is DictionaryPageSchema {
  return !!(s as DictionaryPageSchema).dictionary;
}

export interface DictionaryConfig {
  /** Title of the group → fieldKey tree (default 字典分类). */
  title?: string;
  groups: DictionaryGroup[];
}

export interface DictionaryGroup {
  title: string;
  fieldKeys: DictionaryKeyConfig[];
}

/** One dictionary (fieldKey) as a page shows it. */
export interface DictionaryKeyConfig {
  fieldKey: string;
  title: string;
  /** Items nest: 新增下级 and the 上级 picker. */
  tree?: boolean;
  /** Shown here but maintained on another page; a fieldKey is writable on exactly the page that lists it without readOnly. */
  readOnly?: boolean;
  /** Items name a leader (a team member), e.g. a department's 部门负责人. */
  leader?: boolean;
  /** Label of dictCode for this key (default 编码), e.g. 税率值. */
  codeLabel?: string;
  /** One further value per item, e.g. an expenseType's 会计科目 or a salaryItem's 加项/减项. */
  extra?: DictionaryExtra;
}

/** The extra value of a dictionary's items: free text, one of `options`, or the dictCode of an item of `fieldKey`. */
export interface DictionaryExtra {
  title: string;
  options?: string[];
  fieldKey?: string;
  required?: boolean;
  /** Free text only (default 100). */
  maxLength?: number;
}

/** A uniqueness rule: the fields forming the key, when it applies, and what a second holder is told. */
export interface UniqueRule {
  fields: string[];
  when?: { field: string; value: unknown };
  message: string;
}

/** An overlap rule: records with equal `resource` fields must not overlap in the dateRange field `period`. */
export interface OverlapRule {
  resource: string[];
  period: string;
  message: string;
  /** Only records matching this condition hold their period (e.g. not cancelled ones). */
  when?: { field: string; value: unknown };
  /** Records whose field has this value hold no period (e.g. a meeting 已取消 frees its room). */
  unless?: { field: string; value: unknown } | { field: string; value: unknown }[];
}

/** A rule over the whole record: `expr` must be true (scope: fields, lines, picked, input for stage actions). */
export interface CheckRule {
  expr?: string;
  message: string;
  /** save (default): on every save; submit: also required before submission only. */
  on?: 'save' | 'submit';
  /**
   * Instead of an expression: refused while a record of `module` (default: this one) matches the filter,
   * e.g. an overdue advance of the same applicant blocks a new one. Checked by the server.
   */
  none?: { module?: string; filter: RecordCondition[] };
}

/** Which record an effect changes: the record itself, or records of `module` whose `field` equals `equals`. */
export interface EffectTarget {
  module: string;
  /** The target's property (code, id, or a data field) compared with… */
  field: string;
  /** …this expression over the source record (a list: any of its values). */
  equals: string;
  /** Further data fields the target must have equal to these expressions, e.g. { "month": "month(period[0])" }. */
  where?: Record<string, string>;
  /** No target is no error: the effect does nothing (e.g. a month with no attendance entered yet). */
  optional?: boolean;
}

/**
 * An effect of a transition, declared by the page that causes it and run by one engine inside the
 * transition's transaction (all-or-nothing). `on`: "approved" (the record takes effect), "submitted" (its
 * approval starts) or "stage:<action key>". Kinds: create records in another module (one per record, or one per line), append a line to target
 * records, or update target records' fields (set / add) or stage. Expressions see the source record's
 * fields, `lines`, `line` (per-line), `input` (a stage action's values) and `picked`.
 */
export interface EffectDef {
  key: string;
  /**
   * The event: "approved" (takes effect), "submitted" (an approval starts), "refused" / "withdrawn" (an approval
   * ends without effect, once per approval), "resubmitted" (submitted again after such an end, once per
   * submission), "stage:<action key>", or "reached:<stage>" (the first time its stage becomes that value). A
   * document an effect made gives back what its source counted with refused/withdrawn and counts again with
   * resubmitted (a 入库单 of a purchase's 到货). "ended" declares that once (page-defaults.ts): the effect on refused
   * and on withdrawn (keys <key>Refused, <key>Withdrawn), and with `resubmitted` its counterpart (<key>Resubmitted).
   */
  on: string;
  /** release: the record's stock reservations end before this event's other effects (an order shipped or cancelled). */
  kind: 'create' | 'appendLine' | 'update' | 'stock' | 'release';
  /** stock: the stock this record (per line) moves, posted to the stock ledger. */
  stock?: StockPosting;
  when?: string;
  /** create: the module records are created in. */
  module?: string;
  perLine?: boolean;
  /**
   * appendLine / update: which records ('self' = the source record; 'source' = the record whose `create` effect
   * made this one, none when no effect made it). stock with reserve: the hold is the target's, taken or given back
   * on each of its lines with perLine (`line`, `$index`; the source's own lines are `lines`): a refused 出库单 holds
   * again for the order whose 发货 made it.
   */
  target?: EffectTarget | 'self' | 'source';
  /** Field (or line cell) → expression. */
  set?: Record<string, string>;
  /** create: the created record's one line item (cell → expression), e.g. a payable's 应付明细. */
  line?: Record<string, string>;
  /**
   * create: the created record's lines, one per source line (cell → expression over `line`), e.g. the 入库单 of
   * a purchase's arrival; `linesWhen` leaves source lines out (e.g. nothing left to receive). update: replaces
   * the target's lines the same way (a registration's parts become the new version's BOM).
   */
  lines?: Record<string, string>;
  linesWhen?: string;
  /** update: line cells set on every line of the target (expression over the source and `line`, the target's line). */
  setLines?: Record<string, string>;
  /** update: numeric field → expression added to its value. */
  add?: Record<string, string>;
  /** update: the target's new stage. */
  stage?: string;
  /** update with stage: the stages the target may move from; in any other it refuses (an illegal jump). */
  from?: string[];
  /** create: the created records start as drafts (待提交) instead of taking effect. */
  draft?: boolean;
  /**
   * create: the created record is submitted as a user's would be, instead of taking effect at once: it waits for
   * approval when its page requires one (approvalWhen, a bound process), and takes effect at once otherwise.
   */
  submit?: boolean;
  /** A target in a locked stage (e.g. a confirmed attendance month) refuses the effect: the transition fails with a clear message. */
  respectLock?: boolean;
  /**
   * on "ended": what the effect does when the record is submitted again after such an end, counting again what it
   * gave back: the effect with these properties in place of its own.
   */
  resubmitted?: ResubmittedEffect;
}

/** The properties an "ended" effect's resubmitted counterpart writes differently (EffectDef.resubmitted). */
export interface ResubmittedEffect {
  when?: string;
  target?: EffectTarget | 'self' | 'source';
  set?: Record<string, string>;
  setLines?: Record<string, string>;
  add?: Record<string, string>;
  stage?: string;
  from?: string[];
  stock?: StockPosting;
}

/**
 * A stock posting (effect kind "stock"): the record, or each line, moves stock of one balance record of `module`
 * per `keys` (field → expression, e.g. warehouse, material, location). The balance is locked while it moves, so
 * concurrent issues queue in the database and the last one short is refused; every move is a row of the stock
 * ledger and the balance's newest moves are its lines. Receipts come in at `price`; issues leave at the balance's
 * cost (moving weighted average, or first-in-first-out when the team's `costing` setting says so).
 */
export interface StockPosting {
  /** The balance module: records only postings write, holding `quantity`, `stockPrice` (value) and `lastMoveDate`. */
  module: string;
  keys: Record<string, string>;
  /** The signed change: positive receives, negative issues. `balance` is the balance before the move (a count: line.quantity - balance.quantity). */
  quantity: string;
  /** A receipt's unit price; empty: it comes in at the balance's current cost (盘盈, the second leg of a transfer). */
  price?: string;
  /** Whether this posting may take the balance below zero, e.g. picked.warehouseId.allowNegative. */
  allowNegative?: string;
  /** Opening stock: refused once the ledger holds a move with the same values of these keys. */
  openingBy?: string[];
  /** Keys that must not be blank besides the balance's required fields (a finished good's prop: `propId`). */
  require?: string[];
  /** What the move is called in the balance's lines (an expression: "生产入库", "发货出库"); default the page's title. */
  moveType?: string;
  /**
   * Line cells written after the move (cell → expression over `balance`, the balance before it, and `move`:
   * its quantity, unitPrice and amount), e.g. an issue's cost, which a transfer's receiving leg then reads.
   */
  writeBack?: Record<string, string>;
  /** The team-wide costing method: a `single` record's field; equal to `fifo` means first in, first out. */
  costing?: { module: string; field: string; fifo: string };
  /**
   * A reservation instead of a move (effects `on: "submitted"`): `quantity` (positive) is locked on the balance
   * (lockedQuantity) while the document is under approval, refused beyond what is available (quantity − locked)
   * unless `allowNegative`; released when the document takes effect, is refused or withdrawn. An effective
   * document may hold stock too (a sales order `on: "approved"`): a negative `quantity` then gives back that much
   * of what the line holds (shipped), and a `release` effect ends every hold (cancelled).
   */
  reserve?: boolean;
}

/** One action that moves a record from one stage to the next (e.g. 支付: 待支付 → 已支付). */
export interface StageAction {
  key: string;
  text: string;
  from: string[];
  /** The next stage; without it the record stays, and the stages' `auto` rules decide (e.g. after 登记回款). */
  to?: string;
  permissionCode?: string;
  /** Rules over the record and `input` (what the action asks for), e.g. input.returnPrice <= balancePrice. */
  checks?: CheckRule[];
  /** What the action asks for; stored on the record (but for `inputOnly`). */
  fields?: FieldDef[];
  /**
   * What the action asks for each of the record's lines (到货数量 per purchase line), sent as values.lines (one
   * object per line, in order). Not stored: while the action's effects run, each line carries its values under
   * these names (line.arriveQuantity); `lineChecks` judge each line with them.
   */
  lineFields?: FieldDef[];
  /** Line cells shown beside the lineFields in the dialog (default: all); a lineField's `compute` suggests its value from the line. */
  lineShow?: string[];
  /** Rules per line (`line` = the record's line with its values), refused with the line's number. */
  lineChecks?: CheckRule[];
  /** Numeric fields raised by one (e.g. a process version on 发布). */
  increment?: string[];
  confirm?: string;
  danger?: boolean;
  /** Offered on the list for the selected rows too (e.g. 确认 a month's attendance at once); all or none. */
  batch?: boolean;
  /** The dialog starts from the record's current values of `fields` (修改档案 of an approved employee file). */
  prefill?: boolean;
  /**
   * Fields of `fields` asked for but not stored on the record: the action's checks, effects and notice read them as
   * input.x, and its history notes them. 发货仓库 is where one shipment leaves from; the order keeps its own 发货仓库,
   * whose stock it holds (a prefilled dialog starts from that one).
   */
  inputOnly?: string[];
  /** Offered (and allowed) only while this holds over the record, besides `from` (推进阶段 while a 立项阶段 is open). */
  when?: string;
  /** Whom the action notifies (催办 → the order's owner): see StageNotify. */
  notify?: StageNotify;
}

/**
 * A notification a stage action sends, once per action event: to the user in the record's field `to`, or to every
 * member holding the role `toRole`; only active members, never the one acting. `title` and `text` are templates:
 * `{field}` is the record's value (after the action), a picked field's label, or what the action asked for.
 */
export interface StageNotify {
  to?: string;
  toRole?: string;
  title?: string;
  text: string;
}

/** Progress after approval: a record enters `initial` when it takes effect (已通过); actions move it on. */
export interface StagesConfig {
  /** Data field holding the stage (default 'stage'). */
  field?: string;
  label?: string;
  initial: string;
  values: { value: string; color?: string; locked?: boolean }[];
  actions: StageAction[];
  /**
   * The stage follows the clock while it is one of these three (e.g. a meeting 未开始 → 进行中 → 已结束):
   * computed whenever a record is read or filtered, from the dateRange field `period`, so no timer is needed.
   */
  clock?: { period: string; before: string; during: string; after: string };
  /**
   * Read rows carry, under this name, when the record reached each stage ([{ stage, reachedAt, userName }],
   * from its stage events; the first stage from when it took effect): e.g. an infoPopover column.
   */
  history?: string;
  /**
   * Stages that follow from the figures, applied after every save and effect: first rule whose `when` holds.
   * `prev` is the record as stored before a user's save (empty on create), e.g. prev.creditCode != creditCode.
   */
  auto?: { when: string; to: string; from?: string[] }[];
}

/** Table row shape; business data rides along. */
export interface TableRow {
  id: string | number;
  children?: TableRow[];
  hasChildren?: boolean;
  color?: string;
  textColor?: string;
  disabled?: boolean;
  [prop: string]: unknown;
}

/** Approval step. */
export interface ApprovalStep {
  id: string;
  name: string;
  assigneeName?: string;
  taskEndTime?: string | number | null;
  /** pending: a step waiting for assigneeName; stage: a stage action; auto: a step passed without a person; withdraw. */
  operationName: 'submit' | 'agree' | 'refuse' | 'pending' | 'stage' | 'auto' | 'withdraw';
  approvalOpinion?: string;
  money?: number;
}

/**
 * `approvalFrom`: the record picker `field` picks the record whose `lines` are the approval's steps, resolved at
 * submit time. Each line names the step (`stepName` cell), its approver type (`approverType` cell, its values
 * mapped by `approverTypes` to user | deptLeader | superior, or `{ field }`: the person a field of the submitted
 * record names, e.g. 项目负责人 = managerId), the named people (`approverIds` cell) and an optional time limit
 * in days (`timeLimitDays` cell). A picked record with no step that names approvers refuses the submission.
 */
export interface ApprovalFrom {
  field: string;
  /** The picked record's field naming the process (shown in 审批动态 beside 提交). */
  name?: string;
  stepName: string;
  approverType: string;
  approverIds?: string;
  timeLimitDays?: string;
  approverTypes: Record<string, 'user' | 'deptLeader' | 'superior' | { field: string }>;
  /**
   * A line's required files: its `field` cell lists file labels (方案, 合同, …), `files` maps each label to an upload
   * field of the submitted record. A step's approver can agree only once every file its line requires is
   * attached (the approver may attach them when agreeing); labels the page does not map are not asked for.
   */
  requiredFiles?: { field: string; files: Record<string, string> };
}
