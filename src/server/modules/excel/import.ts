// Excel import, part 2: reads a filled template (bounded: size, rows, and the zip's real expansion, so a
// hostile file is refused with a message, never a 5xx), maps each row's labels back to stored values, and runs
// every row through createRecord — the add form's own rules, computed values, codes, labels, effects,
// uniqueness and overlaps, created_by = the importer — each under a SAVEPOINT, so one bad row does not abort
// the others. The caller decides whether anything is kept (preview: nothing; 'all': all or none; 'valid').
import { TOTAL_LABEL } from './columns';
import { excel, type ExcelJS } from './exceljs';
import { sql } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { AppError, badRequest } from '../../errors';
import type { ModuleSchema } from '../records/schema-registry';
import { createRecord } from '../records/service';
import { pickerOptions } from '../records/pickers';
import type { Ctx } from '../records/ctx';
import type { RefContext } from '../../../common/rules/conditions';
import { AMBIGUOUS, DATA_SHEET, MAX_IMPORT_ROWS, type ImportColumn } from './template';
import { checkExpansion, NOT_XLSX } from './zip-bounds';

type Row = Record<string, unknown>;

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Columns read: a template has a few dozen; a hostile sheet's 16,384 are not walked for every row. */
const MAX_COLUMNS = 200;

/** One row of the sheet: its number in Excel, the cells by header, and the values mapped for the form. */
export interface SheetRow {
  rowNumber: number;
  /** Cell texts by header (as shown in the preview and the error report). */
  cells: Record<string, string>;
  values: Row;
  errors: string[];
}

export interface ParsedSheet {
  headers: string[];
  rows: SheetRow[];
}

/** The text of a cell as the user sees it (rich text, formulas' results, hyperlinks, dates as ISO). */
function cellValue(v: ExcelJS.CellValue): string | number | boolean | Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('richText' in v) return cellValue(v.richText.map((p) => p.text).join(''));
    if ('result' in v) return cellValue((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in v) return cellValue(String((v as { text: unknown }).text));
    if ('error' in v) return null;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Excel dates are stored as serial days: exceljs hands them over as UTC instants of the wall-clock time. */
const isoDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const shown = (v: ReturnType<typeof cellValue>) =>
  v instanceof Date
    ? v.getUTCHours() || v.getUTCMinutes()
      ? `${isoDate(v)} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}`
      : isoDate(v)
    : v === null
      ? ''
      : typeof v === 'boolean'
        ? v
          ? '是'
          : '否'
        : String(v);

/** Reads the data sheet: its header row, then each non-empty row (at most MAX_IMPORT_ROWS). */
export async function readSheet(bytes: Buffer): Promise<ParsedSheet> {
  // The parts' real size, bounded, before exceljs inflates them all into memory.
  await checkExpansion(bytes);
  const wb = new (await excel()).Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(NOT_XLSX);
  }
  const ws = wb.getWorksheet(DATA_SHEET) ?? wb.worksheets.find((w) => w.state === 'visible') ?? wb.worksheets[0];
  if (!ws) throw badRequest('Excel 文件中没有工作表');
  if (ws.actualRowCount - 1 > MAX_IMPORT_ROWS) throw badRequest(`一次最多导入${MAX_IMPORT_ROWS}行，请分批导入`);
  const headers: string[] = [];
  ws.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    if (col <= MAX_COLUMNS) headers[col - 1] = shown(cellValue(cell.value));
  });
  const rows: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells: Record<string, string> = {};
    const raw: Record<string, ReturnType<typeof cellValue>> = {};
    headers.forEach((h, i) => {
      if (!h) return;
      const v = cellValue(row.getCell(i + 1).value);
      raw[h] = v;
      cells[h] = shown(v);
    });
    if (Object.values(cells).every((c) => c === '')) return;
    rows.push({ rowNumber, cells, values: raw as Row, errors: [] });
  });
  // A list exported from here ends with its 合计 row: not a record to import.
  const last = rows.at(-1);
  if (last && headers[0] && last.cells[headers[0]] === TOTAL_LABEL) rows.pop();
  if (rows.length > MAX_IMPORT_ROWS) throw badRequest(`一次最多导入${MAX_IMPORT_ROWS}行，请分批导入`);
  return { headers: headers.filter(Boolean), rows };
}

const bare = (h: string) => h.replace(/[*＊]\s*$/, '').trim();

/** A date cell as the field stores it: YYYY-MM-DD (or YYYY-MM for months), from a date or a typed text. */
function dateOf(v: unknown, kind: 'date' | 'month' | 'dateTime'): string | null {
  if (v instanceof Date) {
    if (kind === 'month') return isoDate(v).slice(0, 7);
    if (kind === 'dateTime')
      return `${isoDate(v)} ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}`;
    return isoDate(v);
  }
  const t = String(v).trim();
  const m =
    /^(\d{4})\s*[-/.年]\s*(\d{1,2})(?:\s*[-/.月]\s*(\d{1,2})\s*日?)?\s*月?(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(
      t,
    );
  if (!m) return null;
  const [, y, mo, d, hh, mi, ss] = m;
  if (Number(mo) < 1 || Number(mo) > 12) return null;
  if (kind === 'month') return d && !hh ? null : `${y}-${pad(Number(mo))}`;
  if (!d || Number(d) < 1 || Number(d) > 31) return null;
  const day = `${y}-${pad(Number(mo))}-${pad(Number(d))}`;
  if (kind === 'dateTime') return `${day} ${pad(Number(hh ?? 0))}:${mi ?? '00'}:${ss ?? '00'}`;
  return hh ? null : day;
}

/**
 * Maps one row's cells to form values. A value the sheet cannot give (an option that does not exist, a date
 * that is none) is that row's error, with the column's title; everything else is left to the form's rules.
 */
async function mapRow(
  trx: TenantTx,
  tenant: string,
  ctx: Ctx,
  cols: ImportColumn[],
  row: SheetRow,
  refs: RefContext,
  form: Row = {},
) {
  const body: Row = {};
  for (const c of cols) {
    const v = row.values[c.header] ?? row.values[c.field.titleName];
    if (v === null || v === undefined) continue;
    const title = c.line ? bare(c.header) : c.field.titleName;
    const text = shown(v as ReturnType<typeof cellValue>);
    const fail = (msg: string) => row.errors.push(`${title}：${msg}`);
    switch (c.kind) {
      case 'number': {
        const n = typeof v === 'number' ? v : Number(text.replace(/,/g, ''));
        if (!Number.isFinite(n) || text === '') fail(`“${text}”不是数字`);
        else body[c.field.fieldName] = n;
        break;
      }
      case 'date':
      case 'month':
      case 'dateTime': {
        const d = dateOf(v, c.kind);
        if (!d) fail(`“${text}”不是有效的${c.kind === 'month' ? '月份' : '日期'}`);
        else body[c.field.fieldName] = d;
        break;
      }
      case 'dateRange': {
        const parts = text.split(/\s*(?:至|~|～|到)\s*/);
        const ds = parts.map((p) => dateOf(p, 'date'));
        if (parts.length !== 2 || ds.some((d) => !d))
          fail(`“${text}”不是有效的起止日期（如 2026-01-01 至 2026-01-05）`);
        else body[c.field.fieldName] = ds;
        break;
      }
      case 'switch': {
        if (['是', 'true', '1', 'TRUE', '启用', '开'].includes(text)) body[c.field.fieldName] = true;
        else if (['否', 'false', '0', 'FALSE', '停用', '关'].includes(text)) body[c.field.fieldName] = false;
        else fail(`请填写“是”或“否”`);
        break;
      }
      case 'choice':
      case 'multiChoice': {
        const labels = c.kind === 'multiChoice' ? text.split(/\s*[、,，;；]\s*/).filter(Boolean) : [text];
        const values: unknown[] = [];
        for (const l of labels) {
          const hit = c.choices?.get(l);
          if (hit === AMBIGUOUS) fail(`“${l}”有重名，请填写完整路径（如 上级/${l}）`);
          else if (hit === undefined) fail(`没有名为“${l}”的选项`);
          else values.push(hit);
        }
        if (values.length === labels.length) body[c.field.fieldName] = c.kind === 'multiChoice' ? values : values[0];
        break;
      }
      case 'picker': {
        let hit = c.choices?.get(text);
        if (hit === undefined) {
          // Not among the newest offered: ask the picker for records matching the text (its first word: a code).
          const opts = await pickerOptions(
            trx,
            tenant,
            ctx.schemas,
            c.field,
            { ...refs, data: scalar({ ...form, ...body }) },
            text.split(/\s+/)[0],
          );
          // The whole label, the record's code or id, or the label's first word (a material's own code).
          hit = (
            opts.find((o) => o.label === text || String(o.value) === text || o.record.code === text) ??
            opts.find((o) => o.label.split(/\s+/)[0] === text)
          )?.value;
        }
        if (hit === undefined) fail(`没有名为“${text}”的选项`);
        else body[c.field.fieldName] = hit;
        break;
      }
      default:
        body[c.field.fieldName] = typeof v === 'number' ? String(v) : text;
    }
  }
  return body;
}

const scalar = (r: Row) =>
  Object.fromEntries(Object.entries(r).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v)));

/** Errors the database itself raises on a row (a value no column holds): that row's error, not a 5xx. */
const dataError = (err: unknown) => /^2[23]/.test(String((err as { code?: unknown } | null)?.code ?? ''));

export interface RunResult {
  total: number;
  valid: number;
  rows: { rowNumber: number; cells: Record<string, string>; values: Row; errors: string[]; code?: string }[];
}

/**
 * Runs every row through createRecord inside `trx`, each under its own savepoint: a refused row is rolled
 * back to its savepoint and reports createRecord's message; the others stay in the transaction. Whether the
 * transaction commits is the caller's choice.
 */
export async function runRows(
  trx: TenantTx,
  ctx: Ctx,
  userId: number,
  m: ModuleSchema,
  cols: ImportColumn[],
  sheet: ParsedSheet,
  refs: RefContext,
): Promise<RunResult> {
  const known = new Set(cols.flatMap((c) => [c.header, c.field.titleName]));
  // A list exported from here (its columns' labels) imports as well as the template: a column labelled
  // otherwise than its form field (分类 for 物料分类) is read as that field.
  const aliases = new Map<string, string>();
  for (const col of m.schema.list?.columns ?? []) {
    const c = cols.find((x) => !x.line && x.field.fieldName === col.prop);
    if (c && !known.has(col.label)) aliases.set(col.label, c.field.titleName);
  }
  for (const r of sheet.rows)
    for (const [label, title] of aliases)
      if (label in r.values && !(title in r.values)) r.values[title] = r.values[label];
  if (!sheet.headers.some((h) => known.has(h) || known.has(bare(h)) || aliases.has(h)))
    throw badRequest('表头与导入模板不符，请下载导入模板后填写');
  // Headers matched without their * (a user may drop it) and with it.
  for (const r of sheet.rows)
    for (const h of Object.keys(r.values)) if (!known.has(h) && known.has(bare(h))) r.values[bare(h)] = r.values[h];
  // withTenant runs this again after a deadlock: each attempt starts with no errors.
  for (const r of sheet.rows) r.errors = [];
  const out: RunResult = { total: sheet.rows.length, valid: 0, rows: [] };
  const recordCols = cols.filter((c) => !c.line);
  const lineCols = cols.filter((c) => c.line);
  const filled = (row: SheetRow, cs: ImportColumn[]) =>
    cs.some((c) => {
      const v = row.values[c.header] ?? row.values[c.field.titleName];
      return v !== null && v !== undefined;
    });
  // One record per row; with line columns, a row that fills only them adds a line to the record above.
  const groups: SheetRow[][] = [];
  for (const row of sheet.rows) {
    if (lineCols.length && groups.length && !filled(row, recordCols) && filled(row, lineCols))
      groups[groups.length - 1].push(row);
    else groups.push([row]);
  }
  for (const group of groups) {
    const [first] = group;
    const body = await mapRow(trx, ctx.tenant, ctx, recordCols, first, refs);
    const lines: Row[] = [];
    for (const row of group) {
      if (!filled(row, lineCols)) continue;
      lines.push(await mapRow(trx, ctx.tenant, ctx, lineCols, row, refs, body));
    }
    if (lineCols.length) body.lines = lines;
    let code: string | undefined;
    const broken = group.some((r) => r.errors.length);
    if (!broken) {
      await sql`SAVEPOINT import_row`.execute(trx);
      try {
        const rec = await createRecord(trx, ctx, userId, m, body);
        code = rec.code as string | undefined;
        await sql`RELEASE SAVEPOINT import_row`.execute(trx);
        out.valid += group.length;
      } catch (err) {
        if (!(err instanceof AppError) && !dataError(err)) throw err;
        await sql`ROLLBACK TO SAVEPOINT import_row`.execute(trx);
        first.errors.push(err instanceof AppError ? err.message : '数据格式不正确');
      }
    }
    // The other rows of a refused record are not stored either: they say which row holds the reason.
    if (group.length > 1 && group.some((r) => r.errors.length)) {
      for (const r of group)
        if (!r.errors.length) r.errors.push(`与第${first.rowNumber}行同属一条记录，该记录有错误未导入`);
    }
    for (const row of group)
      out.rows.push({
        rowNumber: row.rowNumber,
        cells: row.cells,
        values: row === first ? body : {},
        errors: row.errors,
        ...(code && row === first ? { code } : {}),
      });
  }
  return out;
}

/** The failed rows as they were filled, with a 错误原因 column: the user corrects them and imports this file. */
export async function errorReport(headers: string[], rows: RunResult['rows']): Promise<Buffer> {
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet(DATA_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.addRow([...headers, '错误原因']);
  ws.getRow(1).font = { bold: true };
  ws.getCell(1, headers.length + 1).font = { bold: true, color: { argb: 'FFCF1322' } };
  for (const r of rows.filter((x) => x.errors.length))
    ws.addRow([...headers.map((h) => r.cells[h] ?? ''), `第${r.rowNumber}行：${r.errors.join('；')}`]);
  headers.forEach((h, i) => {
    ws.getColumn(i + 1).width = Math.max(12, Math.min(40, h.length * 2 + 4));
  });
  ws.getColumn(headers.length + 1).width = 60;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
