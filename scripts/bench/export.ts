// The Excel export under the bench's data: the whole list of one team (BENCH_SCALE rows, 100,000 by default)
// sorted by 报销总额, streamed to a client that only counts the bytes. Prints the time, the file size and the
// server's peak RSS growth during the export beside the size of the rows it read, to show that the export
// holds a batch in memory, not the result. (The client runs in the server's process, but keeps no bytes.)
import { sql } from 'kysely';
import type { DB } from '../../src/server/db';

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;
/** With node --expose-gc, what the export really holds: the heap after a collection, sampled through the export. */
const gc = (globalThis as { gc?: () => void }).gc;

export async function benchExport(
  db: DB,
  baseUrl: string,
  headers: Record<string, string>,
  tenant: string,
  log: (s: string) => void,
) {
  const {
    rows: [size],
  } = await sql<{ n: string; mb: string }>`
    SELECT count(*) AS n, sum(pg_column_size(data) + pg_column_size(lines)) / 1024.0 / 1024.0 AS mb
      FROM records WHERE tenant_code = ${tenant} AND module = 'reimburseManage' AND deleted_at IS NULL`.execute(db);
  gc?.();
  const before = rssMb();
  const heapBefore = heapMb();
  let peak = before;
  let heapPeak = heapBefore;
  let ticks = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb());
    if (gc && ++ticks % 10 === 0) {
      gc();
      heapPeak = Math.max(heapPeak, heapMb());
    }
  }, 20);
  const t0 = Date.now();
  const res = await fetch(`${baseUrl}/api/data/reimburseManage/export`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      sorters: [{ field: 'totalPrice', order: 'desc' }],
      columns: ['code', 'applicantId', 'deptId', 'reason', 'totalPrice', 'applyDate', 'stage', 'status', 'createdAt'],
    }),
  });
  const counted = Number(res.headers.get('x-total-count'));
  let bytes = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  clearInterval(timer);
  peak = Math.max(peak, rssMb());
  const seconds = (Date.now() - t0) / 1000;
  log(
    `Excel export: ${counted.toLocaleString()} of ${Number(size.n).toLocaleString()} rows (${Number(size.mb).toFixed(0)} MB of row data in the table), ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MB .xlsx in ${seconds.toFixed(1)} s (${Math.round(counted / seconds).toLocaleString()} rows/s); ` +
      `server RSS ${before.toFixed(0)} MB → peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)` +
      (gc
        ? `; live heap after GC ${heapBefore.toFixed(0)} MB → peak ${heapPeak.toFixed(0)} MB (+${(heapPeak - heapBefore).toFixed(0)} MB)`
        : ' (node --expose-gc also prints the live heap)'),
  );
  return {
    rows: counted,
    bytes,
    seconds,
    rssGrowthMb: peak - before,
    heapGrowthMb: heapPeak - heapBefore,
    rowDataMb: Number(size.mb),
  };
}
