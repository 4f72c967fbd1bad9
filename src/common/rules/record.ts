// Whole-record validation, shared with the server's record store: it must stay free of React,
// antd and browser APIs.
import type { ColumnDef, FieldDef } from '../schema/types';
import { LINES_KEY, TEXT_MAX_LENGTH, UPLOAD_DEFAULT_LIMIT } from './constants';
import {
  checkNumberRange,
  checkStrictRange,
  checkUploadCount,
  fieldError,
  isEmptyValue,
  namedFieldMessage,
} from './field-rules';
import { msg } from './messages';
import { conditionHolds as recordHolds } from './conditions';
import {
  cellName,
  cellValueProblem,
  fieldTypeError,
  isAbsent,
  isNumberColumn,
  problemMessage,
  toDecimal,
} from './value-types';

export interface RecordError {
  /** fieldName, or `lines[i].prop` for a line-item cell. */
  field: string;
  message: string;
}

export interface ValidateOptions {
  /** Title of the line items (drawer.lines.title), used to say where a malformed cell is: 费用明细第1行…. */
  linesTitle?: string;
}

function conditionHolds(cond: { field: string; value: unknown } | undefined, row: Record<string, unknown>): boolean {
  return !cond || row[cond.field] === cond.value;
}

/**
 * The message of one line-item cell, or null (the table shows it beside the cell; validateRecord says
 * which line). Number cells hold a finite number or a plain decimal ('1e5' is refused), must not be
 * negative unless the column's min (or exclusiveMinimum) allows it (the table resets a minus sign to 0) and stay
 * within min/max and beyond exclusiveMinimum/exclusiveMaximum; text cells within maxLength (default 200); image cells within their file limit.
 */
export function lineCellError(col: ColumnDef, value: unknown): string | null {
  const problem = isAbsent(value) ? null : cellValueProblem(col, value);
  if (problem) return isNumberColumn(col) ? msg('correctNumber') : problemMessage(problem, col.label);
  if (col.requireAble && isEmptyValue(value)) return msg('pleaseFillIn', { label: col.label });
  if (isEmptyValue(value)) return null;
  if (col.type === 'image')
    return Array.isArray(value) ? checkUploadCount(value.length, col.limit ?? UPLOAD_DEFAULT_LIMIT) : null;
  if (isNumberColumn(col)) {
    const n = toDecimal(value)!;
    const lowest = col.min ?? col.exclusiveMinimum;
    if (n < 0 && !(typeof lowest === 'number' && lowest < 0)) return msg('correctNumber');
    return checkNumberRange(n, col.min, col.max) ?? checkStrictRange(n, col.label, col);
  }
  if (typeof value === 'string' && (!col.inputType || col.inputType === 'text')) {
    const n = col.maxLength ?? TEXT_MAX_LENGTH;
    if (Array.from(value).length > n) return msg('maxInputLength', { n });
    if (col.reg && !new RegExp(col.reg).test(value)) return col.regMsg ?? problemMessage('format', col.label);
  }
  return null;
}

/**
 * A line cell's message with the line (第 N 行, from 1) and the column's title in front, as a save's answer gives it:
 * 采购明细第2行数量必须大于0, 费用明细第1行金额：请输入正确的数字, 费用明细第3行费用类型不能为空; a message that names
 * the column already gets the line only (联系人第1行：请输入正确的联系人手机号).
 */
export function locatedCellMessage(
  linesTitle: string | undefined,
  index: number,
  label: string,
  message: string,
): string {
  const at = cellName(linesTitle, index, label);
  if (message === msg('pleaseFillIn', { label })) return `${at}不能为空`;
  if (message.startsWith(label)) return `${at}${message.slice(label.length)}`;
  if (message.includes(label)) return `${at.slice(0, at.length - label.length)}：${message}`;
  return `${at}：${message}`;
}

/**
 * First failing field, then first failing line cell; null when valid. Hidden fields and cells hidden by
 * dependOn/showCondition skip the other rules but must still have their type's shape. Every message says where:
 * a field's names its title, a cell's its line and column (费用明细第1行发生日期格式不正确).
 */
export function validateRecord(
  fields: FieldDef[],
  lineColumns: ColumnDef[] | undefined,
  record: Record<string, unknown>,
  opts: ValidateOptions = {},
): RecordError | null {
  for (const f of fields) {
    const value = record[f.fieldName];
    const message = f.hidden ? fieldTypeError(f, value) : fieldError(f, value);
    if (message) return { field: f.fieldName, message: namedFieldMessage(f.titleName, message) };
  }
  const lines = record[LINES_KEY];
  if (!lineColumns?.length || !Array.isArray(lines)) return null;
  for (let i = 0; i < lines.length; i++) {
    const item = lines[i];
    const row = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    for (const col of lineColumns) {
      const value = row[col.prop];
      const field = `${LINES_KEY}[${i}].${col.prop}`;
      const problem = isAbsent(value) ? null : cellValueProblem(col, value);
      if (problem) return { field, message: problemMessage(problem, cellName(opts.linesTitle, i, col.label)) };
      if (
        !conditionHolds(col.dependOn, row) ||
        !conditionHolds(col.showCondition, row) ||
        !recordHolds(col.recordDependOn, record)
      )
        continue;
      const message = lineCellError(col, value);
      if (message) return { field, message: locatedCellMessage(opts.linesTitle, i, col.label, message) };
    }
  }
  return null;
}
