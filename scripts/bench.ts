// npm run bench: measures the record store on a scratch PGlite database (or DATABASE_URL):
// inserting N records through the same path as the API, then paging with sorting and filters in SQL.
// Figures are printed, not asserted: speed goals are read here, never in unit tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { buildApp } from '../src/server/app';
import { seedDemo, DEMO } from '../src/server/seed';
import { withTenant } from '../src/server/db/tenant-scope';
import { createRecord } from '../src/server/modules/records/service';
import { pageRecords } from '../src/server/modules/records/repository';

const N = Number(process.env.BENCH_RECORDS ?? 5000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-bench-'));
const { app, db, services } = await buildApp({ ...loadConfig(), dataDir, webDir: path.join(dataDir, 'none') }, { logger: false });
await seedDemo(db, services);
const m = services.schemas.get('reimburseManage')!;
const tenant = DEMO.tenantCode;
const user = (await db.selectFrom('users').select('id').where('username', '=', 'demo').executeTakeFirstOrThrow()).id;
const ids = await withTenant(db, tenant, async (trx) => ({
  dept: (await trx.selectFrom('dictionaries').select('id').where('field_key', '=', 'dept').executeTakeFirstOrThrow()).id,
  type: (await trx.selectFrom('dictionaries').select('id').where('field_key', '=', 'expenseType').where('dict_name', '=', '办公费').executeTakeFirstOrThrow()).id,
}));

const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
let t = process.hrtime.bigint();
for (let i = 0; i < N; i += 100) {
  await withTenant(db, tenant, async (trx) => {
    for (let k = i; k < Math.min(N, i + 100); k++) {
      const day = `2026-${String((k % 12) + 1).padStart(2, '0')}-${String((k % 28) + 1).padStart(2, '0')}`;
      await createRecord(trx, { tenant, schemas: services.schemas }, user, m, {
        applicantId: user, deptId: ids.dept, applyDate: day, reason: `基准测试 ${k}`,
        lines: [{ expenseType: ids.type, occurDate: day, price: (k % 997) + 0.5 }, { expenseType: ids.type, occurDate: day, price: 10 }],
      });
    }
  });
}
const insertMs = ms(t);
console.log(`insert ${N} records: ${insertMs.toFixed(0)} ms (${((insertMs / N) * 1000).toFixed(0)} µs each)`);

const queries: [string, Parameters<typeof pageRecords>[3]][] = [
  ['first page, newest first', { pageNum: 1, pageSize: 20 }],
  ['sorted by totalPrice desc', { pageNum: 1, pageSize: 20, sorters: [{ field: 'totalPrice', order: 'desc' }] }],
  ['filter totalPrice between + sort applyDate', { pageNum: 1, pageSize: 20, filters: [{ field: 'totalPrice', operator: 'between', value: [100, 200] }], sorters: [{ field: 'applyDate', order: 'asc' }] }],
  ['filter applyDate range', { pageNum: 1, pageSize: 20, filters: [{ field: 'applyDate', operator: 'between', value: ['2026-03-01', '2026-03-31'] }] }],
  ['keyword', { pageNum: 1, pageSize: 20, keyword: '基准测试 4999' }],
  ['deep page 100', { pageNum: 100, pageSize: 20 }],
];
for (const [name, q] of queries) {
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    t = process.hrtime.bigint();
    const res = await withTenant(db, tenant, (trx) => pageRecords(trx, tenant, m, q));
    runs.push(ms(t));
    if (r === 0 && res.total === 0 && name !== 'keyword') console.warn(`  (no rows for ${name})`);
  }
  runs.sort((a, b) => a - b);
  console.log(`${name.padEnd(45)} median ${runs[2].toFixed(1)} ms  (min ${runs[0].toFixed(1)}, max ${runs[4].toFixed(1)})`);
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
