// Hostile input to every module page (the rule "no 5xx from any input", carried to all 58 modules): each
// field a page's drawer, line table, stage actions and generators declare gets a few hostile values on the calls
// that take it, and each list column is filtered with some operators (all of them over a page) and sorted. The
// answer may refuse, never fail.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { withHostile } from '../helpers/hostile';
import { DEMO } from '../../src/server/seed';

type Json = Record<string, any>;
const SCHEMAS = fileURLToPath(new URL('../../schemas', import.meta.url));

/** Hostile values as raw JSON text: the ones that found 5xx on other routes. */
const HOSTILE: Record<string, string> = {
  nul: JSON.stringify('a\u0000b'),
  loneSurrogate: '"\\ud800x"',
  overflow: '1e400',
  big20: '12345678901234567890',
  notADate: JSON.stringify('2026-02-31'),
  object: '{"a":1}',
  nestedArray: '[[[[["x"]]]]]',
  protoPollution: '{"__proto__":{"polluted":"yes"}}',
  longText: JSON.stringify('长'.repeat(5_000)),
};
const OPERATORS = ['eq', 'ne', 'in', 'contains', 'has', 'between', 'gte', 'lte', 'gt', 'lt', 'null', 'notNull', 'year'];

/** Every page schema file with its module (examples and the meta-schema aside). */
function pages(): Json[] {
  const out: Json[] = [];
  for (const dir of fs.readdirSync(SCHEMAS, { withFileTypes: true })) {
    if (!dir.isDirectory() || dir.name === 'examples') continue;
    for (const f of fs.readdirSync(path.join(SCHEMAS, dir.name))) {
      if (!f.endsWith('.json')) continue;
      const page = JSON.parse(fs.readFileSync(path.join(SCHEMAS, dir.name, f), 'utf8')) as Json;
      if (typeof page.module === 'string') out.push(page);
    }
  }
  return out;
}

/** The fieldName of every object under `o`. */
function fieldNames(o: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(o)) o.forEach((x) => fieldNames(x, into));
  else if (o && typeof o === 'object') {
    if (typeof (o as Json).fieldName === 'string') into.add((o as Json).fieldName);
    if (typeof (o as Json).prop === 'string') into.add((o as Json).prop);
    Object.values(o).forEach((x) => fieldNames(x, into));
  }
  return into;
}

describe.each(testDialects())('hostile input to every module page on $name', (dialect) => {
  let t: TestApp;
  let token: string;
  const failures: string[] = [];
  let answered = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login(DEMO.username, DEMO.password);
  });
  afterAll(async () => t?.close());

  async function send(url: string, payload: string, what: string): Promise<Json | undefined> {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { Satoken: token, 'content-type': 'application/json' },
      payload,
    });
    answered++;
    let body: Json | undefined;
    try {
      body = res.json();
    } catch {
      /* checked below */
    }
    if (res.statusCode >= 500 || (body && body.status >= 500))
      failures.push(`${what}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    else if (typeof body?.status !== 'number')
      failures.push(`${what}: no envelope (HTTP ${res.statusCode}) ${res.body.slice(0, 120)}`);
    return body;
  }

  it('no page answers a 5xx to hostile fields on add, stage actions, generators, filters or sorts', async () => {
    const all = pages();
    expect(all.length).toBeGreaterThan(55);
    for (const page of all) {
      const m = page.module as string;
      const api = (op: string) => `/api/data/${m}/${op}`;
      const drawer = [...fieldNames(page.drawer)];
      // Three of the values per field, a different three for the next field (the whole set over a page's fields).
      const named = Object.entries(HOSTILE);
      for (const [i, field] of drawer.entries()) {
        for (const [name, raw] of [0, 1, 2].map((k) => named[(i * 3 + k) % named.length])) {
          await send(api('add'), withHostile({}, field, raw), `${m} add ${field}=${name}`);
          await send(api('add'), `{"lines":[${withHostile({}, field, raw)}]}`, `${m} add lines.${field}=${name}`);
        }
      }
      // Stage actions on a record that allows them now (as the list says), each field hostile in turn.
      const rows: Json[] =
        (await send(api('page'), JSON.stringify({ pageNum: 1, pageSize: 100 }), `${m} page`))?.data?.list ?? [];
      for (const action of (page.stages?.actions ?? []) as Json[]) {
        const row = rows.find((r) => Array.isArray(r.actions) && r.actions.includes(action.key)) ?? rows[0];
        if (!row) continue;
        const fields = [...fieldNames(action.fields), ...fieldNames(action.lineFields)];
        for (const [name, raw] of Object.entries(HOSTILE)) {
          await send(
            api('stage'),
            `{"id":${row.id},"action":${JSON.stringify(action.key)},"values":${raw === HOSTILE.object ? raw : '{}'}}`,
            `${m} stage ${action.key} values=${name}`,
          );
          for (const field of fields) {
            await send(
              api('stage'),
              `{"id":${row.id},"action":${JSON.stringify(action.key)},"values":${withHostile({}, field, raw)}}`,
              `${m} stage ${action.key} ${field}=${name}`,
            );
            await send(
              api('stage'),
              `{"id":${row.id},"action":${JSON.stringify(action.key)},"values":{"lines":[${withHostile({}, field, raw)}]}}`,
              `${m} stage ${action.key} lines.${field}=${name}`,
            );
          }
        }
      }
      for (const g of (page.generators ?? []) as Json[]) {
        for (const field of fieldNames(g.fields)) {
          for (const [name, raw] of Object.entries(HOSTILE)) {
            await send(
              api('generate'),
              `{"key":${JSON.stringify(g.key)},"values":${withHostile({}, field, raw)}}`,
              `${m} generate ${g.key} ${field}=${name}`,
            );
          }
        }
      }
      // Each list column and search field: every operator with a hostile value, then sorted both ways.
      const listed = [...new Set([...fieldNames(page.table), ...fieldNames(page.search)])];
      const raws = Object.values(HOSTILE);
      for (const [i, field] of listed.entries()) {
        // Four operators per field, the next four for the next field (every operator over a page's columns).
        for (const j of [0, 1, 2, 3]) {
          const op = OPERATORS[(i * 4 + j) % OPERATORS.length];
          const raw = raws[(i + j) % raws.length];
          await send(
            api('page'),
            `{"pageNum":1,"pageSize":5,"filters":[{"field":${JSON.stringify(field)},"operator":"${op}","value":${raw}}]}`,
            `${m} filter ${field} ${op} ${raw.slice(0, 20)}`,
          );
        }
        for (const order of ['desc', 'x']) {
          await send(
            api('page'),
            JSON.stringify({ pageNum: 3, pageSize: 5, sorters: [{ field, order }] }),
            `${m} sort ${field} ${order}`,
          );
        }
      }
    }
    expect(answered).toBeGreaterThan(5_000);
    expect(failures.slice(0, 40), `${failures.length} of ${answered} answers failed`).toEqual([]);
  }, 900_000);
});
