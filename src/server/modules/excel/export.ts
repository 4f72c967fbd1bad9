// Writes a list's records into an .xlsx as they are read: exceljs's streaming WorkbookWriter commits each row to
// the zip going out, and the records come from a server-side cursor inside the tenant transaction in batches,
// so a 100,000-row export holds one batch in memory, never the whole result (and never walks OFFSETs).
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { excel } from './exceljs';
import { sql, type RawBuilder } from 'kysely';
import type { TenantTx } from '../../db/tenant-scope';
import { orderSql, type Sorter } from '../records/query';
import { flatInPlace, recordColumns, toFlat, whereSql, type PageQuery } from '../records/repository';
import type { ModuleSchema, SchemaRegistry } from '../records/schema-registry';
import { readAggregates } from '../records/aggregates';
import { withClock } from '../records/stage-state';
import { withStageHistory } from '../records/stage-history';
import { readAsView } from '../records/views';
import { todayInChina } from '../../../common/china-time';
import { ColumnSums, type SheetColumn } from './columns';

/** Rows read per FETCH (and written before the next one is read). */
export const EXPORT_BATCH = 1000;
/** The most rows one export writes; a larger one is refused before anything is written. */
export const EXPORT_MAX_ROWS = 200_000;

type ListQuery = Omit<PageQuery, 'pageNum' | 'pageSize'>;

/** The number of rows the query gives, counted up to `bound` + 1 (more than the bound reads as bound + 1). */
export async function countRows(
  trx: TenantTx,
  tenant: string,
  data: ModuleSchema,
  q: ListQuery,
  bound = EXPORT_MAX_ROWS,
) {
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM records r WHERE ${whereSql(tenant, data, q)} LIMIT ${bound + 1}) c`.execute(
    trx,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\ . */
export const sheetName = (title: string) => (title.replace(/[[\]:*?/\\]/g, ' ').trim() || 'Sheet1').slice(0, 31);

export interface ExportInput {
  tenant: string;
  /** The list's page (columns, view fields) and where its records live (the viewed module for a view). */
  page: ModuleSchema;
  data: ModuleSchema;
  query: ListQuery & { sorters?: Sorter[] };
  columns: SheetColumn[];
  title: string;
  /** To compute the page's read-time (onRead) aggregates, as the list shows them. */
  schemas: SchemaRegistry;
  /** Stops between batches when the client went away. */
  aborted?: () => boolean;
}

/** Rows of one FETCH as the list shows them (read-time values, stage history), and how many the cursor gave. */
interface Batch {
  rows: Record<string, unknown>[];
  fetched: number;
}

async function readBatch(trx: TenantTx, input: ExportInput, now: Date, today: string): Promise<Batch> {
  const { tenant, page } = input;
  const { rows } = await sql<
    Parameters<typeof toFlat>[0]
  >`FETCH ${sql.raw(String(EXPORT_BATCH))} FROM yg_export`.execute(trx);
  if (!rows.length) return { rows: [], fetched: 0 };
  const read = await readAggregates(
    trx,
    tenant,
    input.schemas,
    page,
    rows.map((r) => readAsView(page, withClock(page, flatInPlace(r), now), today)),
    today,
  );
  return { rows: (await withStageHistory(trx, tenant, page, read)) as Record<string, unknown>[], fetched: rows.length };
}

/** An export whose query has run: the cursor is open and its first batch read. */
export interface OpenedExport {
  first: Batch;
  now: Date;
  today: string;
}

/**
 * Everything of an export that can refuse it — the sort and filter fields, the query itself (the first FETCH runs
 * it whole: ORDER BY sorts every matching row), the first rows' read-time values — done before the caller sends a
 * byte: once the 200 and the headers are out, a failure can only cut the download short.
 */
export async function openExport(trx: TenantTx, input: ExportInput): Promise<OpenedExport> {
  const { tenant, data, query } = input;
  const where = whereSql(tenant, data, query);
  const order: RawBuilder<unknown> = orderSql(data, query.sorters);
  await excel();
  // A cursor lives until the transaction ends; its query is the list's own (same WHERE, same ORDER BY).
  await sql`DECLARE yg_export NO SCROLL CURSOR FOR
    SELECT ${recordColumns('r')}, u.nick_name AS created_by_name FROM records r LEFT JOIN users u ON u.id = r.created_by
    WHERE ${where} ORDER BY ${order}`.execute(trx);
  const now = new Date();
  const today = todayInChina();
  return { first: await readBatch(trx, input, now, today), now, today };
}

/**
 * Streams the workbook to `out`: a header row, the rows in the list's order, a 合计 row when a column sums.
 * `opened` is openExport's answer when the caller opened the export before answering; else it is opened here.
 * Returns the number of record rows written.
 */
export async function writeExport(
  trx: TenantTx,
  input: ExportInput,
  out: Writable,
  opened?: OpenedExport,
): Promise<number> {
  const { columns } = input;
  const { first, now, today } = opened ?? (await openExport(trx, input));
  const ExcelJS = await excel();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName(input.title), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ key: c.prop, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
  const head = ws.addRow(columns.map((c) => c.header));
  head.font = { bold: true };
  head.commit();
  const sums = new ColumnSums(columns);
  let written = 0;
  let batch = first;
  while (batch.fetched && !input.aborted?.()) {
    for (const row of batch.rows) {
      const cells = columns.map((c) => c.cell(row));
      sums.add(cells);
      ws.addRow(cells).commit();
    }
    written += batch.fetched;
    // Let the reply drain before reading on: a slow client slows the export, it does not fill the memory.
    if (out.writableNeedDrain && !out.destroyed) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (batch.fetched < EXPORT_BATCH || input.aborted?.()) break;
    batch = await readBatch(trx, input, now, today);
  }
  await sql`CLOSE yg_export`.execute(trx);
  // The client went away: nothing more to write.
  if (input.aborted?.()) return written;
  if (sums.any && written > 0) {
    const total = ws.addRow(sums.row());
    total.font = { bold: true };
    total.commit();
  }
  ws.commit();
  await wb.commit();
  return written;
}
