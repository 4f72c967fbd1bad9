// Hostile input against every route of the OpenAPI document: each route × each of its parameters ×
// a catalogue of what an attacker sends (NUL bytes, lone surrogates, 1e308 and 20-digit integers, Infinity,
// 10,000-deep JSON, a megabyte of text, prototype-pollution keys and names, SQL-shaped strings, wrong types, huge arrays),
// signed in as the demo owner (to reach the deepest code) and, once per route, without a token. No answer may be
// a 5xx, every answer is the {status, message, data} envelope, and nothing malformed is stored.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDialects } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { withHostile } from '../helpers/hostile';
import { DEMO } from '../../src/server/seed';

type Json = Record<string, any>;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Hostile values as raw JSON text (so 20-digit integers and 1e400 reach the server as typed). */
const HOSTILE: Record<string, string> = {
  nul: JSON.stringify('a\u0000b'),
  loneSurrogate: '"\\ud800x"',
  megabyte: JSON.stringify('长'.repeat(350_000)),
  sqlShaped: JSON.stringify("1' OR '1'='1'; DROP TABLE records; --"),
  script: JSON.stringify('<script>alert(1)</script>'),
  notADate: JSON.stringify('abc'),
  badDate: JSON.stringify('2026-02-31'),
  empty: '""',
  huge: '1e308',
  overflow: '1e400',
  negHuge: '-1e308',
  big20: '12345678901234567890',
  bigNeg: '-99999999999999999999',
  int32: '2147483648',
  fraction: '0.000000001',
  negative: '-1',
  infinityText: '"Infinity"',
  nanText: '"NaN"',
  nullValue: 'null',
  boolValue: 'true',
  emptyArray: '[]',
  hugeArray: `[${Array(20_000).fill('1').join(',')}]`,
  nestedArray: '[[[[["x"]]]]]',
  object: '{"a":1}',
  protoPollution: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
  // A name a plain-object lookup finds on Object.prototype (a field, a key, a code).
  prototypeName: '"constructor"',
  deep: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
};
/** Hostile query-string and path values. */
const HOSTILE_TEXT = [
  'a\u0000b',
  '\ud800',
  '1e308',
  '12345678901234567890',
  'Infinity',
  'NaN',
  '-1',
  "1' OR '1'='1",
  '../../etc/passwd',
  '%00',
  'x'.repeat(8_000),
  '',
  '__proto__',
  'constructor',
  'toString',
];

interface Route {
  method: 'GET' | 'POST';
  path: string;
  query: string[];
  params: string[];
  body: Json | null;
  multipart: boolean;
}

/** A plausible value for a JSON schema, so that the other parameters pass while one is hostile. */
function sample(schema: Json | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf || schema.oneOf) return sample((schema.anyOf ?? schema.oneOf)[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const out: Json = {};
      for (const [k, v] of Object.entries<Json>(schema.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    default:
      return schema.format === 'date' ? '2026-11-20' : 'x';
  }
}

function routesOf(doc: Json): Route[] {
  const out: Route[] = [];
  for (const [path, ops] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(ops)) {
      if (method !== 'get' && method !== 'post') continue;
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      out.push({
        method: method.toUpperCase() as Route['method'],
        path,
        query: (op.parameters ?? []).filter((p: Json) => p.in === 'query').map((p: Json) => p.name),
        params: (op.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name),
        body: json ? (sample(json) as Json) : null,
        multipart: !!content['multipart/form-data'],
      });
    }
  }
  return out;
}

/** Routes whose success would end the test's own session or team: hostile values still go in, valid ones do not. */
const SELF_DESTRUCTIVE = /logout|deactivate|cancellation|dissolve|exitTenant|quit|deleteTenant/i;

describe.each(testDialects())('hostile input on $name', (dialect) => {
  let t: TestApp;
  let token: string;
  const started = new Date();
  const failures: string[] = [];
  let answered = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await t.login(DEMO.username, DEMO.password);
  });
  afterAll(async () => t?.close());

  /** Sends one request; records a 5xx or a non-envelope answer; logs in again if the session was lost. */
  async function send(
    method: Route['method'],
    url: string,
    payload: string | undefined,
    withToken: boolean,
    what: string,
  ) {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        ...(withToken ? { Satoken: token } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
    answered++;
    let body: Json | undefined;
    try {
      body = res.json();
    } catch {
      /* checked below */
    }
    if (res.statusCode >= 500) failures.push(`${what}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
    // Files and prints answer with their own bytes; everything else of /api is the envelope.
    else if (
      url.startsWith('/api/') &&
      !(res.statusCode === 200 && !/json/.test(String(res.headers['content-type']))) &&
      (typeof body?.status !== 'number' || typeof body?.message !== 'string')
    ) {
      failures.push(`${what}: no envelope (HTTP ${res.statusCode}) ${res.body.slice(0, 120)}`);
    }
    if (withToken && body && [401, 10015, 11012, 11014].includes(body.status))
      token = await t.login(DEMO.username, DEMO.password);
  }

  /** A path segment as sent; a lone surrogate (which encodeURIComponent refuses) goes as its invalid UTF-8 bytes. */
  const encoded = (v: string) => {
    try {
      return encodeURIComponent(v);
    } catch {
      return '%ED%A0%80';
    }
  };
  const urlOf = (r: Route, params: Record<string, string>, query: Record<string, string>) => {
    const path = r.path.replace(/\{(\w+)\}/g, (_, k: string) => encoded(params[k] ?? 'reimburseManage'));
    const qs = new URLSearchParams(query).toString();
    return qs ? `${path}?${qs}` : path;
  };

  beforeEach(() => {
    failures.length = 0;
    answered = 0;
  });

  it('no route answers a 5xx or leaves the envelope, whatever is sent, and nothing malformed is stored', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = routesOf(doc).filter((r) => !r.path.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(60);
    for (const r of routes) {
      const baseParams = Object.fromEntries(r.params.map((p) => [p, p === 'module' ? 'reimburseManage' : '1']));
      const baseQuery = Object.fromEntries(r.query.map((q) => [q, '1']));
      const tag = `${r.method} ${r.path}`;
      // Without a token, a hostile body: the envelope, never a 5xx.
      await send(
        r.method,
        urlOf(r, baseParams, baseQuery),
        r.method === 'POST' ? HOSTILE.protoPollution : undefined,
        false,
        `${tag} (anonymous)`,
      );
      for (const v of HOSTILE_TEXT) {
        for (const p of r.params)
          await send(
            r.method,
            urlOf(r, { ...baseParams, [p]: v }, baseQuery),
            r.body ? JSON.stringify(r.body) : undefined,
            true,
            `${tag} path ${p}=${JSON.stringify(v.slice(0, 20))}`,
          );
        for (const q of r.query)
          await send(
            r.method,
            urlOf(r, baseParams, { ...baseQuery, [q]: v }),
            r.body ? JSON.stringify(r.body) : undefined,
            true,
            `${tag} query ${q}=${JSON.stringify(v.slice(0, 20))}`,
          );
      }
      if (r.method !== 'POST' || r.multipart) continue;
      const body = r.body ?? {};
      // The whole body hostile, then each property in turn (and an unknown one).
      for (const [name, raw] of Object.entries(HOSTILE)) {
        if (SELF_DESTRUCTIVE.test(r.path) && ['nullValue', 'empty'].includes(name)) continue;
        await send('POST', urlOf(r, baseParams, baseQuery), raw, true, `${tag} body=${name}`);
        for (const key of [...Object.keys(body), 'unexpected']) {
          await send(
            'POST',
            urlOf(r, baseParams, baseQuery),
            withHostile(body, key, raw),
            true,
            `${tag} ${key}=${name}`,
          );
        }
      }
    }
    expect(failures.slice(0, 40), `${failures.length} of ${answered} answers failed`).toEqual([]);

    // Nothing malformed got in: no number beyond what a money or quantity field holds, no megabyte strings.
    const bad = await sql<{
      module: string;
      id: string;
    }>`SELECT module, id::text FROM records WHERE created_at >= ${started}
      AND (jsonb_path_exists(data, 'strict $.** ? (@.type() == "number" && (@ > 1e15 || @ < -1e15))')
        OR length(data::text) > 200000 OR length(lines::text) > 200000)`.execute(t.db);
    expect(bad.rows).toEqual([]);
    expect(({} as Json).polluted).toBeUndefined();
  }, 900_000);

  // The generic record routes take any module's fields: each field of a few real pages, and each line cell,
  // gets every hostile value on add (the page schema's rules, not the route's, are what stand in the way).
  it.each(['finance/reimburseManage', 'warehousing/storeprocess', 'personnel/employeeFiles'])(
    'hostile values in every field of %s are refused or stored sanely',
    async (file) => {
      const page = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas', `${file}.json`), 'utf8')) as Json;
      const fields = new Set<string>();
      (function walk(o: unknown) {
        if (Array.isArray(o)) o.forEach(walk);
        else if (o && typeof o === 'object') {
          if (typeof (o as Json).fieldName === 'string') fields.add((o as Json).fieldName);
          Object.values(o).forEach(walk);
        }
      })(page.drawer);
      expect(fields.size).toBeGreaterThan(5);
      const url = `/api/data/${page.module}/add`;
      for (const field of fields) {
        for (const [name, raw] of Object.entries(HOSTILE)) {
          await send('POST', url, withHostile({}, field, raw), true, `${page.module}.${field}=${name}`);
          await send(
            'POST',
            url,
            `{"lines":[${withHostile({}, field, raw)}]}`,
            true,
            `${page.module}.lines.${field}=${name}`,
          );
        }
      }
      expect(failures.slice(0, 40), `${failures.length} of ${answered} answers failed`).toEqual([]);
    },
    900_000,
  );

  it('what the HTTP layer refuses (a 20 KB query string, a 3 MB body, a broken request) still comes in the envelope', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const long = await fetch(`${address}/api/data/reimburseManage/get?id=1&q=${'x'.repeat(20_000)}`);
    expect(long.status).toBe(431);
    expect(await long.json()).toEqual({ status: 431, message: '请求头或地址过长', data: null });
    const big = await fetch(`${address}/api/data/reimburseManage/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Satoken: token },
      body: JSON.stringify({ q: 'x'.repeat(3_000_000) }),
    });
    expect(big.status).toBeLessThan(500);
    expect(await big.json()).toMatchObject({ status: 413, message: '请求内容过大' });
    // A request line no parser accepts.
    const raw = await new Promise<string>((resolve, reject) => {
      const url = new URL(address);
      const sock = net.connect(Number(url.port), url.hostname, () =>
        sock.write('GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'),
      );
      let got = '';
      sock.on('data', (d) => {
        got += d;
      });
      sock.on('end', () => resolve(got));
      sock.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      status: 400,
      message: '请求格式不正确',
      data: null,
    });
  });
});
