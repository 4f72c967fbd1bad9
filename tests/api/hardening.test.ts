// What a hostile probe found, each kept fixed: a sort or filter field named after a member of Object.prototype
// answers a Chinese 400 (it used to reach SQL as a function's text and answer 500), and an Excel export that
// cannot run says so in the JSON envelope before its first byte (it used to send 200 and cut the download).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO } from '../../src/server/seed';

const M = '/api/data/reimburseManage';
const PROTO_NAMES = ['__proto__', 'constructor', 'toString'];

describe.each(oneDialect())('hardening on $name', (dialect) => {
  let t: TestApp;
  let boss: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    boss = await t.login(DEMO.username, DEMO.password);
  });
  afterAll(async () => t?.close());

  const post = (op: 'page' | 'export', body: object) =>
    t.app.inject({ method: 'POST', url: `${M}/${op}`, headers: { Satoken: boss }, payload: body });

  /** The JSON envelope of a refused call (never a spreadsheet, never a cut body). */
  async function refusal(op: 'page' | 'export', body: object) {
    const res = await post(op, body);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json() as { status: number; message: string; data: unknown };
  }

  it.each(PROTO_NAMES)(
    'refuses %s as a sort or filter field of a list page, an export and charts with a Chinese 400',
    async (name) => {
      for (const op of ['page', 'export'] as const) {
        expect(await refusal(op, { sorters: [{ field: name, order: 'asc' }] }), `${op} sort`).toEqual({
          status: 400,
          message: `不支持排序的字段：${name}`,
          data: null,
        });
        for (const operator of ['eq', 'between', 'in']) {
          const value = operator === 'eq' ? '1' : ['1', '2'];
          expect(
            await refusal(op, { filters: [{ field: name, operator, value }] }),
            `${op} filter ${operator}`,
          ).toEqual({ status: 400, message: `不支持的筛选字段：${name}`, data: null });
        }
      }
      // The charts of a list take the list's filters too.
      const charts = await t.app.inject({
        method: 'POST',
        url: '/api/data/salesProcess/charts',
        headers: { Satoken: boss },
        payload: { filters: [{ field: name, operator: 'eq', value: '1' }] },
      });
      expect(charts.json()).toEqual({ status: 400, message: `不支持的筛选字段：${name}`, data: null });
    },
  );

  it('refuses an export that cannot run before any byte of the file, in the JSON envelope', async () => {
    const refused = {
      sort: { body: { sorters: [{ field: 'nope' }] }, message: '不支持排序的字段：nope' },
      filter: { body: { filters: [{ field: 'nope', operator: 'eq', value: 1 }] }, message: '不支持的筛选字段：nope' },
      filterValue: {
        body: { filters: [{ field: 'totalPrice', operator: 'eq', value: 'abc' }] },
        message: '筛选值格式不正确：报销总额',
      },
      column: { body: { columns: ['nope'] }, message: '列表没有这些列：nope' },
      tab: { body: { tab: 'nope' }, message: '列表没有「nope」这个标签' },
    };
    for (const [what, { body, message }] of Object.entries(refused)) {
      expect(await refusal('export', body), what).toMatchObject({ status: 400, message });
    }
    // The same export with a real sort field is a whole workbook.
    const fine = await post('export', { sorters: [{ field: 'totalPrice', order: 'desc' }] });
    expect(fine.statusCode).toBe(200);
    expect(fine.headers['content-type']).toContain('spreadsheetml');
    expect(fine.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
