// Limits that rules and formatters depend on (browser and server alike).

/** Default maximum length of text and multi-line text. */
export const TEXT_MAX_LENGTH = 200;
/** Two-text numeric defaults. */
export const TWO_TEXT_MIN = 0;
export const TWO_TEXT_MAX = 9999999999;
/** Dimension inputs: minimum when none is given. */
export const DIMENSION_MIN = 0;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_DEFAULT_LIMIT = 1;
/** Long detail text is cut after this many characters (a tooltip shows the whole). */
export const TRUNCATE_LENGTH = 28;
/** Image compression starts at this quality and bisects. */
export const IMAGE_START_QUALITY = 0.5;
/** Money columns the line-item summary row always sums. */
export const SUMMED_MONEY_COLUMNS = [
  'contractPrice',
  'logisticsPrice',
  'returnPrice',
  'balancePrice',
  'advancePaidPrice',
  'payablePrice',
] as const;
/** Default sub-inputs of a dimension field (length × width × height). */
export const DEFAULT_DIMENSION_FIELDS = [
  { name: 'length', label: '长' },
  { name: 'width', label: '宽' },
  { name: 'height', label: '高' },
] as const;
/** Where the drawer keeps its line items in a record. */
export const LINES_KEY = 'lines';
