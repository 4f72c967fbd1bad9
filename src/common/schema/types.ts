// Types of the page-schema language (spec §3 vocabulary). schemas/page.schema.json is the
// machine-checked twin of this file; keep both in step.

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

/** `data` of a field or column: inline options, or the fieldKey of a server dictionary. */
export type OptionSource = Option[] | { fieldKey: string };

export const FIELD_TYPES = [
  'text', 'textarea', 'number', 'select', 'multiSelect', 'treeSelect', 'cascader',
  'date', 'month', 'dateTime', 'dateRange', 'twoText', 'dimension', 'upload', 'image',
  'idCard', 'switch', 'radio', 'checkbox',
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

/** Form field definition (spec §3). The misspelling `fontendType` is the spec's and is kept. */
export interface FieldDef {
  fieldName: string;
  titleName: string;
  fontendType: FieldType;
  requireAble?: boolean;
  reg?: string;
  regMsg?: string;
  min?: number;
  max?: number;
  maxLength?: number;
  /** For text fields: 'number' makes the value numeric and range-checked; 'select' marks text-with-type. */
  type?: string;
  unit?: string;
  data?: OptionSource;
  props?: Record<string, unknown>;
  /** A new record's value when none is given: the current user, today, this month, or a constant. */
  default?: 'currentUser' | 'today' | 'thisMonth' | { value: unknown };
  /** Computed on save (and shown read-only): the sum of a line column, or a − b. */
  compute?: { sumOf?: string; difference?: [string, string] };
  disabled?: boolean;
  hidden?: boolean;
  remark?: string;
  tooltip?: string;
  /** Shown in the add dialog (false keeps it to the drawer only). */
  isAdd?: boolean;
  placeholder?: string;
  /** dayjs format the value is stored in (dates). */
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
  'text', 'image', 'textButton', 'buttonList', 'spanList', 'status', 'time', 'month', 'allDate',
  'infoPopover', 'cellList', 'dropdownList', 'starMark', 'enum', 'slot', 'money', 'percent',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Detail popover configuration of a column (spec §3; misspellings kept). */
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

/** Table column definition (spec §3), shared by data lists and editable line items. */
export interface ColumnDef extends PopoverConfig {
  prop: string;
  label: string;
  type?: ColumnType;
  width?: number;
  fixed?: 'left' | 'right';
  sortable?: boolean;
  /** Shown by default in the column chooser (false hides it until chosen). */
  checked?: boolean;
  /** Enum map, options, or buttons depending on the type. */
  data?: OptionSource | Record<string, string> | ButtonDef[];
  /** Row property displayed instead of `prop`. */
  viewField?: string;
  unit?: string;
  requireAble?: boolean;
  tooltip?: string;
  dependOn?: { field: string; value: unknown };
  showCondition?: { field: string; value: unknown };
  limit?: number;
  accept?: string;
  /** Editable cell input: text, number, select, date. */
  inputType?: 'text' | 'number' | 'select' | 'multiSelect' | 'date';
  maxLength?: number;
  /** Price cells format to two decimals on blur. */
  priceType?: boolean;
  summaryMethod?: 'sum' | 'none';
  /** Number cells: the smallest and largest value allowed (standard range messages). */
  min?: number;
  max?: number;
}

/** A button in action bars, row operations and footers. `children` turns it into a dropdown. */
export interface ButtonDef {
  key: string;
  text: string;
  /** Built-in actions the renderer knows; anything else is emitted as a custom action. */
  action?: 'add' | 'view' | 'edit' | 'delete' | 'submit' | 'withdraw' | 'stage' | 'export' | 'custom';
  type?: 'primary' | 'default' | 'dashed' | 'link' | 'text';
  danger?: boolean;
  permissionCode?: string;
  children?: ButtonDef[];
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
}

export interface ModuleItem {
  moduleAbbreviation: string;
  mobileClientName: string;
  key?: string;
}

export interface TabsConfig {
  tipsImage?: string;
  modules: ModuleItem[];
  hideSmartData?: boolean;
}

export interface SectionHeaderConfig {
  title: string;
  tabs?: { label: string; value: string }[];
  dateMode?: 'none' | 'year' | 'monthYear';
}

export interface ListConfig {
  search?: FieldDef[];
  columns: ColumnDef[];
  columnChooser?: boolean;
  selection?: boolean;
  index?: boolean;
  treeIndex?: boolean;
  actions?: ButtonDef[];
  operations?: ButtonDef[];
  operationWidth?: number;
  /** Workflow lists lose more height to the OA tabs (spec §9). */
  workflow?: boolean;
  height?: number;
  pageSize?: number;
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

export interface PageSchema {
  $schema?: string;
  key: string;
  title: string;
  /** Data-provider module key. */
  module: string;
  /** System-code prefix of the module's records, e.g. BX → BX202611210001. */
  codePrefix?: string;
  /** Field holding the record's main amount (an approval step's money). */
  moneyField?: string;
  /** Records print as a server-made PDF. */
  printable?: boolean;
  /** Field naming the person a record is for (a user id); default: its creator. */
  applicantField?: string;
  /** Field holding the applicant's department (a dept dictionary id). */
  deptField?: string;
  /** The page's records are a product capability: approval process templates or bindings. */
  provides?: 'approvalProcess' | 'approvalBinding';
  stages?: StagesConfig;
  /** At most one record per key: e.g. one default binding per module (enforced by the database). */
  unique?: UniqueRule[];
  tree?: TreeConfig;
  tabs?: TabsConfig;
  sectionHeader?: SectionHeaderConfig;
  list: ListConfig;
  addDialog?: DialogConfig;
  drawer?: DrawerConfig;
}

/** A uniqueness rule: the fields forming the key, when it applies, and what a second holder is told. */
export interface UniqueRule {
  fields: string[];
  when?: { field: string; value: unknown };
  message: string;
}

/** One action that moves a record from one stage to the next (e.g. 支付: 待支付 → 已支付). */
export interface StageAction {
  key: string;
  text: string;
  from: string[];
  to: string;
  permissionCode?: string;
  /** What the action asks for; stored on the record. */
  fields?: FieldDef[];
  /** Numeric fields raised by one (e.g. a process version on 发布). */
  increment?: string[];
  confirm?: string;
  danger?: boolean;
}

/** Progress after approval: a record enters `initial` when it takes effect (已通过); actions move it on. */
export interface StagesConfig {
  /** Data field holding the stage (default 'stage'). */
  field?: string;
  label?: string;
  initial: string;
  values: { value: string; color?: string; locked?: boolean }[];
  actions: StageAction[];
}

/** Table row shape (spec §3); business data rides along. */
export interface TableRow {
  id: string | number;
  children?: TableRow[];
  hasChildren?: boolean;
  color?: string;
  textColor?: string;
  disabled?: boolean;
  [prop: string]: unknown;
}

/** Approval step (spec §3). */
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
