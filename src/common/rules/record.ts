// Whole-record validation, shared with the server's record store: it must stay free of React,
// antd and browser APIs.
import type { ColumnDef, FieldDef } from '../schema/types';
import { LINES_KEY } from './constants';
import { fieldError, isEmptyValue } from './field-rules';
import { msg } from './messages';

export interface RecordError {
  /** fieldName, or `lines[i].prop` for a line-item cell. */
  field: string;
  message: string;
}

function conditionHolds(cond: { field: string; value: unknown } | undefined, row: Record<string, unknown>): boolean {
  return !cond || row[cond.field] === cond.value;
}

/** A number cell must not be negative (the table resets a minus sign to 0). */
export function lineCellError(col: ColumnDef, value: unknown): string | null {
  if (col.requireAble && isEmptyValue(value)) return msg('pleaseFillIn', { label: col.label });
  if (!isEmptyValue(value) && (col.inputType === 'number' || col.priceType)) {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) return msg('correctNumber');
  }
  return null;
}

/** First failing field (hidden fields are skipped), then first failing line cell; null when valid. */
export function validateRecord(fields: FieldDef[], lineColumns: ColumnDef[] | undefined, record: Record<string, unknown>): RecordError | null {
  for (const f of fields) {
    if (f.hidden) continue;
    const message = fieldError(f, record[f.fieldName]);
    if (message) return { field: f.fieldName, message };
  }
  const lines = record[LINES_KEY];
  if (!lineColumns?.length || !Array.isArray(lines)) return null;
  for (let i = 0; i < lines.length; i++) {
    const row = (lines[i] ?? {}) as Record<string, unknown>;
    for (const col of lineColumns) {
      if (!conditionHolds(col.dependOn, row) || !conditionHolds(col.showCondition, row)) continue;
      const message = lineCellError(col, row[col.prop]);
      if (message) return { field: `${LINES_KEY}[${i}].${col.prop}`, message };
    }
  }
  return null;
}
