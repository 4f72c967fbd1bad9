// Read scopes (prepared.ts): each statement of a read-only call travels with the tenant's settings as ONE simple-protocol
// text, its values only in EXECUTE's list through the strict literal encoder; anything the encoder refuses, or a
// connection unsure of what it holds, takes the ordinary three round trips. Measured on a stand-in client that
// records what would go over the wire (the real PostgreSQL side: tests/api/list-speed.test.ts).
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { encodeValue, preparePlans, READ_SCOPE, READ_SCOPE_END } from './prepared';

type Sent = { text: string; values?: unknown[]; name?: string };

function fakeClient(fail?: (text: string) => Error | undefined, held = () => false, pooled = false) {
  const sent: Sent[] = [];
  const client = {
    query(config: unknown, values?: unknown[]) {
      const c = typeof config === 'string' ? { text: config, values } : (config as Sent);
      sent.push(c);
      const err = fail?.(c.text);
      if (err) return Promise.reject(err);
      if (/pg_prepared_statements/.test(c.text))
        return Promise.resolve({ rows: held() ? [{}] : [], command: 'SELECT', rowCount: 0, fields: [] });
      const one = (i: number) => ({ command: 'SELECT', rowCount: 1, rows: [{ i }], fields: [] });
      const n = c.values?.length ? 1 : c.text.split(/;\s*/).filter(Boolean).length;
      return Promise.resolve(n > 1 ? Array.from({ length: n }, (_, i) => one(i)) : one(0));
    },
  };
  const pool = new EventEmitter();
  preparePlans(pool as unknown as pg.Pool, { pooled });
  pool.emit('connect', client);
  const q = client.query as unknown as (text: string, values?: unknown[]) => Promise<{ rows: { i: number }[] }>;
  return { sent, q };
}

const SETTINGS = `set_config('role', 'yiguan_app', true)`;

describe('read scopes: one round trip per statement', () => {
  it('sends settings, PREPARE and EXECUTE as one text, then EXECUTE alone; the values only as literals', async () => {
    const { sent, q } = fakeClient();
    await q(`${READ_SCOPE}${SETTINGS}`, []);
    expect(sent).toEqual([]);
    const text = 'SELECT * FROM records r WHERE r.tenant_code = $1 AND r.id > $2 AND r.code = $3 LIMIT $4';
    const res = await q(text, ['T1', 5, "a'b\\c", null]);
    expect(sent).toHaveLength(1);
    expect(sent[0].values).toBeUndefined();
    const name = /PREPARE (yr_[0-9a-f]+) AS/.exec(sent[0].text)![1];
    expect(sent[0].text).toBe(
      `SELECT ${SETTINGS}, set_config('plan_cache_mode', 'force_custom_plan', true); PREPARE ${name} AS ${text}; EXECUTE ${name}(E'T1', '5', E'a''b\\\\c', NULL)`,
    );
    // The statement's own answer (the last of the text's).
    expect(res.rows).toEqual([{ i: 2 }]);
    await q(text, ['T2', 6, 'x', 1]);
    expect(sent[1].text).toBe(
      `SELECT ${SETTINGS}, set_config('plan_cache_mode', 'force_custom_plan', true); EXECUTE ${name}(E'T2', '6', E'x', '1')`,
    );
    // A recurring text (marked PREPARED) keeps PostgreSQL's choice of a generic plan.
    await q('/* prepared */ SELECT 1 FROM records WHERE tenant_code = $1', ['T1']);
    expect(sent[2].text).toMatch(/^SELECT set_config\('role', 'yiguan_app', true\); PREPARE yr_/);
    await q(READ_SCOPE_END);
    // Out of the scope: as before (a marked text as node-postgres's named statement).
    await q('/* prepared */ SELECT 1 FROM records WHERE tenant_code = $1', ['T1']);
    expect(sent[3]).toMatchObject({ name: expect.stringMatching(/^yg_/), values: ['T1'] });
    await q('SELECT 2', []);
    expect(sent[4]).toEqual({ text: 'SELECT 2', values: [] });
  });

  it('takes three round trips for what the encoder refuses or PREPARE cannot take, and refuses other query forms', async () => {
    const { sent, q } = fakeClient();
    await q(`${READ_SCOPE}${SETTINGS}`, []);
    await q('SELECT $1::timestamptz', [new Date(0)]);
    expect(sent.map((s) => s.text)).toEqual([
      `BEGIN; SELECT ${SETTINGS}, set_config('plan_cache_mode', 'force_custom_plan', true)`,
      'SELECT $1::timestamptz',
      'COMMIT',
    ]);
    expect(sent[1].values).toEqual([new Date(0)]);
    sent.length = 0;
    await q('SET LOCAL work_mem = 1024', []);
    expect(sent.map((s) => s.text)).toEqual([
      `BEGIN; SELECT ${SETTINGS}, set_config('plan_cache_mode', 'force_custom_plan', true)`,
      'SET LOCAL work_mem = 1024',
      'COMMIT',
    ]);
    await expect(q({ text: 'SELECT 1' } as unknown as string)).rejects.toThrow(/read scope/);
    for (const v of [NaN, Infinity, {}, [1], new Date(), Buffer.from('x'), 'a\0b'])
      expect(encodeValue(v)).toBeUndefined();
    expect([encodeValue(1.5), encodeValue(10n), encodeValue(true), encodeValue(undefined), encodeValue("'")]).toEqual([
      "'1.5'",
      "'10'",
      "'true'",
      'NULL',
      "E''''",
    ]);
  });

  it('after a failed text asks whether its PREPARE ran, and prepares again only when it did not', async () => {
    let failing = true;
    let held = false;
    const { sent, q } = fakeClient(
      (t) => (failing && /EXECUTE/.test(t) ? Object.assign(new Error('timeout'), { code: '57014' }) : undefined),
      () => held,
    );
    await q(`${READ_SCOPE}${SETTINGS}`, []);
    await expect(q('SELECT $1', ['a'])).rejects.toMatchObject({ code: '57014' });
    expect(sent.map((s) => s.text)).toHaveLength(2);
    expect(sent[1].text).toMatch(/pg_prepared_statements/);
    failing = false;
    // Not held: PREPARE again.
    await q('SELECT $1', ['a']);
    expect(sent[2].text).toMatch(/PREPARE/);
    failing = true;
    held = true;
    await expect(q('SELECT $1, 2', ['a'])).rejects.toMatchObject({ code: '57014' });
    failing = false;
    // Held (the PREPARE ran before the EXECUTE failed): EXECUTE alone.
    await q('SELECT $1, 2', ['a']);
    expect(sent.at(-1)!.text).not.toMatch(/PREPARE/);
    expect(sent.at(-1)!.text).toMatch(/EXECUTE/);
  });
});

describe('through a transaction pooler (DATABASE_POOLER=transaction)', () => {
  it('names nothing: marked statements run unnamed, and a read scope takes BEGIN … COMMIT around each statement', async () => {
    const { sent, q } = fakeClient(undefined, () => false, true);
    await q('/* prepared */ SELECT 1 FROM records WHERE tenant_code = $1', ['T1']);
    expect(sent[0]).toEqual({ text: '/* prepared */ SELECT 1 FROM records WHERE tenant_code = $1', values: ['T1'] });
    sent.length = 0;
    await q(`${READ_SCOPE}${SETTINGS}`, []);
    await q('/* prepared */ SELECT 1 FROM records WHERE tenant_code = $1', ['T1']);
    await q('SELECT $1', ['a']);
    await q(READ_SCOPE_END);
    expect(sent.map((s) => s.text)).toEqual([
      `BEGIN; SELECT ${SETTINGS}`,
      '/* prepared */ SELECT 1 FROM records WHERE tenant_code = $1',
      'COMMIT',
      `BEGIN; SELECT ${SETTINGS}, set_config('plan_cache_mode', 'force_custom_plan', true)`,
      'SELECT $1',
      'COMMIT',
    ]);
    expect(sent.filter((s) => s.name !== undefined || /PREPARE|EXECUTE/.test(s.text))).toEqual([]);
  });
});
