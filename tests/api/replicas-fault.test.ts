// Three server processes on one PostgreSQL database behind haproxy (round robin, health checks on /api/health),
// under a bounded mixed load from several clients signed in as different demo users; one process is killed with
// SIGKILL in the middle. What it shows: every create that was acknowledged is in the database afterwards, none is
// there twice (clients send every create with a request key and send it again, same key, when the answer is an
// error or never comes — and, as a client whose answer was lost would, sometimes after a success too), and once
// haproxy has seen the process gone, every call is answered by the other two.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DB } from '../../src/server/db';
import { DEMO, DEMO_FINANCE, DEMO_STAFF } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';
import { testDialects } from '../helpers/databases';
import { dataApi as api } from '../helpers/records';
import { REPO, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { dictItemId, liftedLimits } from '../helpers/test-app';

const HAPROXY = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));
const enabled = !!process.env.DATABASE_URL && !!HAPROXY;
/** How long the clients call, when the kill comes, and how long haproxy may take to see it (health checks every 200 ms, down after 2). */
const LOAD_MS = 20_000;
const KILL_AT_MS = 8_000;
const GRACE_MS = 2_000;
const CLIENTS = [DEMO, DEMO_STAFF, DEMO_FINANCE];
const MODULE = 'reimburseManage';
/** What every record of the load says as its reason, before its create's key. */
const REASON = '故障演练 ';

type Row = Record<string, any>;
/** One HTTP exchange of the load: when it left and ended, whether it got a 200 envelope, and which server haproxy chose. */
interface Exchange {
  at: number;
  end: number;
  kind: 'list' | 'create';
  ok: boolean;
  server?: string;
  error?: string;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net
      .createServer()
      .listen(0, '127.0.0.1', () => {
        const { port } = s.address() as net.AddressInfo;
        s.close(() => resolve(port));
      })
      .on('error', reject);
  });

function haproxyConfig(port: number, servers: ServerProcess[]) {
  return `global
  maxconn 256
defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  # A connection refused (the killed process, before its checks fail) is tried again on another server.
  retries 3
  option redispatch 1
frontend api
  bind 127.0.0.1:${port}
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 200ms fall 2 rise 2
  http-response set-header X-Served-By %[srv_name]
${servers.map((s, i) => `  server app${i} ${new URL(s.url).host} check`).join('\n')}
`;
}

/** Starts haproxy in the foreground and resolves once it accepts connections on `port`. */
async function startHaproxy(dir: string, port: number, servers: ServerProcess[]): Promise<ChildProcess> {
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyConfig(port, servers));
  const child = spawn(HAPROXY!, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d) => {
    err += d;
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${err}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`haproxy did not answer: ${err}`);
}

describe.runIf(enabled)('three server processes behind haproxy, one killed under load', () => {
  let dir = '';
  const servers: ServerProcess[] = [];
  let proxy: ChildProcess | undefined;
  let database: Awaited<ReturnType<ReturnType<typeof testDialects>[number]['create']>> | undefined;
  let db: DB | undefined;
  let base = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-fault-'));
    const postgres = testDialects().find((d) => d.name === 'postgres')!;
    database = await postgres.create();
    const config = {
      ...loadConfig({}),
      dataDir: dir,
      databaseUrl: database.databaseUrl,
      databaseListenUrl: database.databaseListenUrl,
      databasePooler: database.databasePooler,
      webDir: path.join(dir, 'no-web'),
      port: 0,
      host: '127.0.0.1',
      seedDemo: false,
      rateLimits: liftedLimits(),
    };
    const env = { YG_TEST_CONFIG: JSON.stringify(config) };
    // One after another: three cold starts at once on two cores take longer than in turn.
    for (let i = 0; i < 3; i++)
      servers.push(await startServerProcess(env, { entry: path.join(REPO, 'tests/helpers/replica-server.ts') }));
    db = await openDatabase({ dataDir: dir, ...database });
    const port = await freePort();
    proxy = await startHaproxy(dir, port, servers);
    base = `http://127.0.0.1:${port}`;
  }, 180_000);

  afterAll(async () => {
    proxy?.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    await db?.destroy();
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** One call through haproxy: the envelope, or why there is none (a 502 for a request cut off, a reset connection). */
  async function call(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
    try {
      const res = await fetch(base + url, {
        method,
        headers: {
          ...(token ? { Satoken: token } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      const server = res.headers.get('x-served-by') ?? undefined;
      if (res.status !== 200) return { ok: false as const, server, error: `HTTP ${res.status}` };
      const json = JSON.parse(text) as { status: number; message: string; data: Row };
      return json.status === 200
        ? { ok: true as const, server, data: json.data }
        : { ok: false as const, server, error: `${json.status} ${json.message}` };
    } catch (err) {
      return { ok: false as const, error: String((err as Error).cause ?? err) };
    }
  }

  it('loses no acknowledged create, makes none twice, and serves the rest of the load on the other two', async () => {
    const tokens: string[] = [];
    for (const u of CLIENTS) {
      const r = await call('POST', '/api/admin/login/user', {
        loginType: 'password',
        username: u.username,
        password: u.password,
      });
      expect(r.ok, r.error).toBe(true);
      tokens.push(r.data!.token as string);
    }
    const ids = new Map(
      (await db!.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, Number(u.id)]),
    );
    const dict = await call(
      'POST',
      '/api/admin/sysmenuListFieldDict/queryByFieldKeys',
      ['dept', 'expenseType'],
      tokens[0],
    );
    expect(dict.ok, dict.error).toBe(true);
    const today = todayInChina();
    const claim = (username: string, key: string, submit: boolean) => ({
      applicantId: ids.get(username),
      deptId: dictItemId(dict.data!, 'dept', '业务部'),
      applyDate: today,
      reason: `${REASON}${key}`,
      lines: [{ expenseType: dictItemId(dict.data!, 'expenseType', '办公费'), occurDate: today, price: 12 }],
      requestKey: key,
      submit,
    });

    const exchanges: Exchange[] = [];
    /** Per request key: the record id of every 200 it got (all must be the same record). */
    const acked = new Map<string, Set<number>>();
    const unacknowledged: string[] = [];
    const started = Date.now();
    const since = () => Date.now() - started;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const victim = servers[1];
    const victimName = `app${servers.indexOf(victim)}`;
    let killedAt = Infinity;
    /** Keys of creates whose first send failed: sent again, they must have made one record each all the same. */
    const retried = new Set<string>();
    // The kill lands while creates are under way in the victim: a burst of nine (three per process, round robin),
    // and the kill as soon as one of them is answered by another process — the victim is then still busy with its own.
    const killer = (async () => {
      await pause(KILL_AT_MS);
      let fire: () => void = () => {};
      const answered = new Promise<void>((r) => {
        fire = r;
      });
      const burst = Array.from({ length: 9 }, (_, i) => {
        const c = i % CLIENTS.length;
        return create(
          tokens[c],
          CLIENTS[c].username,
          `fault-burst-${i}-${started.toString(36)}`,
          i % 2 === 1,
          (server) => {
            if (server !== victimName) fire();
          },
        );
      });
      await Promise.race([answered, pause(5_000)]);
      killedAt = since();
      await victim.kill('SIGKILL');
      await Promise.all(burst);
    })();

    /** Sends one create until it is acknowledged (same key each time); true once it is. */
    async function create(
      token: string,
      username: string,
      key: string,
      submit: boolean,
      onAnswer?: (server?: string) => void,
    ) {
      for (let attempt = 0; attempt < 40; attempt++) {
        const at = since();
        const r = await call('POST', api(MODULE, 'add'), claim(username, key, submit), token);
        exchanges.push({ at, end: since(), kind: 'create', ok: r.ok, server: r.server, error: r.error });
        if (r.ok) onAnswer?.(r.server);
        else retried.add(key);
        if (r.ok) {
          const seen = acked.get(key) ?? new Set<number>();
          seen.add(Number(r.data!.id));
          acked.set(key, seen);
          return true;
        }
        await pause(150);
      }
      unacknowledged.push(key);
      return false;
    }

    const client = async (c: number) => {
      const { username } = CLIENTS[c];
      for (let n = 0; since() < LOAD_MS; n++) {
        const at = since();
        const list = await call('POST', api(MODULE, 'page'), { pageNum: 1, pageSize: 10 }, tokens[c]);
        exchanges.push({ at, end: since(), kind: 'list', ok: list.ok, server: list.server, error: list.error });
        const key = `fault-${c}-${n}-${started.toString(36)}`;
        if ((await create(tokens[c], username, key, n % 2 === 1)) && n % 3 === 0) {
          // As a client whose answer was lost in transit would: the same request again, the same key.
          await create(tokens[c], username, key, n % 2 === 1);
        }
        await pause(40);
      }
    };
    await Promise.all([...CLIENTS.map((_, c) => client(c)), killer]);

    // Before: answered before the kill. During: under way at the kill or sent while haproxy had yet to see it.
    const before = exchanges.filter((e) => e.end < killedAt);
    const during = exchanges.filter((e) => e.end >= killedAt && e.at < killedAt + GRACE_MS);
    const after = exchanges.filter((e) => e.at >= killedAt + GRACE_MS);
    const failed = (es: Exchange[]) => es.filter((e) => !e.ok).map((e) => `${e.kind} at ${e.at} ms: ${e.error}`);
    const figures = {
      exchanges: exchanges.length,
      before: before.length,
      during: during.length,
      after: after.length,
      failedDuring: failed(during).length,
      creates: acked.size,
      retried: retried.size,
      killedAtMs: killedAt,
    };
    console.log(`[replicas-fault] ${JSON.stringify(figures)}`);

    // The kill cut creates off in the victim (the clients saw errors and sent them again).
    expect(retried.size, 'creates cut off by the kill').toBeGreaterThan(0);
    // The load ran on all three before the kill, and without a failure.
    expect(new Set(before.map((e) => e.server))).toEqual(new Set(['app0', 'app1', 'app2']));
    expect(failed(before)).toEqual([]);
    // After haproxy has had time to see the process gone: every call answered, by the other two only.
    expect(after.length).toBeGreaterThan(30);
    expect(failed(after)).toEqual([]);
    expect(after.filter((e) => e.server === victimName)).toEqual([]);
    expect(new Set(after.map((e) => e.server)).size).toBe(2);

    // Every create acknowledged in the end (a create is sent again until it is), each key with one record whatever
    // the number of sends and which process answered.
    expect(unacknowledged).toEqual([]);
    const keys = [...acked.keys()];
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.filter((k) => acked.get(k)!.size !== 1)).toEqual([]);
    // The records the load made, found by their reason (which names the create's key, sent with it or not).
    const { rows } = await sql<{
      reason: string;
      ids: number[];
    }>`SELECT data->>'reason' AS reason, array_agg(id::int ORDER BY id) AS ids
      FROM records WHERE module = ${MODULE} AND data->>'reason' LIKE ${`${REASON}%`} AND deleted_at IS NULL GROUP BY 1`.execute(
      db!,
    );
    const stored = new Map(rows.map((r) => [r.reason.slice(REASON.length), r.ids]));
    // 0 lost: every acknowledged create is there, as the record its 200 named.
    expect(keys.filter((k) => stored.get(k)?.[0] !== [...acked.get(k)!][0])).toEqual([]);
    // 0 duplicated: one record per create.
    expect(rows.filter((r) => r.ids.length !== 1).map((r) => r.reason)).toEqual([]);
    expect(rows.length).toBe(keys.length);
  }, 120_000);
});

if (!enabled)
  it.skip(`needs haproxy and DATABASE_URL (apt-get install haproxy; scripts/with-postgres.sh): ${HAPROXY ? 'DATABASE_URL not set' : 'haproxy not installed'}`, () => {});
