// A primary and its streaming replica, both the test's own (a replica copies the whole cluster, so the primary cannot
// be the run's shared one), and the app on both (DATABASE_URL the primary, DATABASE_READ_URL the replica). The
// replica's replay is paused while the calls are made, so which database answered a list shows in its rows: a record
// that is on the primary and not yet on the replica. What it shows: a user who has just created a record sees it in
// his list (his reads stay on the primary until the replica has replayed his write), another user's list at that
// moment is the replica's, and once the replica has replayed the write the writer's lists are the replica's again.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { cacheBusOf } from '../../src/server/db/cache-bus';
import { REPLAY_CACHE_MS } from '../../src/server/db/replica';
import { DEMO, DEMO_STAFF, seedDemo } from '../../src/server/seed';
import { todayInChina } from '../../src/common/china-time';
import { directUrl } from '../helpers/databases';
import { dataApi as api } from '../helpers/records';
import { dictItemId, liftedLimits } from '../helpers/test-app';

const run = promisify(execFile);
const BIN = fs.existsSync('/usr/lib/postgresql')
  ? fs
      .readdirSync('/usr/lib/postgresql')
      .sort()
      .reverse()
      .map((v) => `/usr/lib/postgresql/${v}/bin`)
      .find((b) => fs.existsSync(`${b}/pg_basebackup`))
  : undefined;
const enabled = !!process.env.DATABASE_URL && !!BIN;
const root = process.getuid?.() === 0;
const MODULE = 'reimburseManage';
const DATABASE = 'yg_replica';

type Row = Record<string, any>;

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

/** A PostgreSQL program, as the postgres user when the tests run as root (PostgreSQL refuses to run as root). */
const pgRun = (prog: string, args: string[]) =>
  root ? run('runuser', ['-u', 'postgres', '--', `${BIN}/${prog}`, ...args]) : run(`${BIN}/${prog}`, args);

describe.runIf(enabled)('lists on a streaming replica, with read-your-writes', () => {
  let dir = '';
  const ports = { primary: 0, replica: 0 };
  const started: string[] = [];
  let app: FastifyInstance | undefined;
  /** A second app on the same databases, as another server process would be: its own pools and session cache. */
  let other: FastifyInstance | undefined;
  let primary: pg.Client | undefined;
  let replica: pg.Client | undefined;

  const url = (port: number, db: string) => `postgres://yiguan@127.0.0.1:${port}/${db}`;

  async function startCluster(data: string, port: number, extra: string[]) {
    await pgRun('pg_ctl', [
      '-D',
      data,
      '-l',
      `${data}.log`,
      '-w',
      '-o',
      [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB`, ...extra].join(' '),
      'start',
    ]);
    started.push(data);
  }

  /** The run's template database (another cluster) into this one's database `to`: the roles, then the database. */
  async function copyTemplate(template: string, to: string) {
    const from = new URL(directUrl()!);
    from.pathname = `/${template}`;
    const q = (v: string) => `'${v.replace(/'/g, "'\\''")}'`;
    // The role that runs the tests exists already: psql goes on past that one error.
    await run('bash', [
      '-c',
      `set -o pipefail; ${BIN}/pg_dumpall --roles-only -d ${q(directUrl()!)} | ${BIN}/psql -q -d ${q(to)} >/dev/null 2>&1 || true`,
    ]);
    await run(
      'bash',
      [
        '-c',
        `set -o pipefail; ${BIN}/pg_dump -d ${q(from.toString())} | ${BIN}/psql -q -v ON_ERROR_STOP=1 -d ${q(to)} >/dev/null`,
      ],
      { maxBuffer: 1 << 24 },
    );
    // What the migrations changed in the catalogue is not dumped: the built-in functions they made LEAKPROOF, without
    // which row-level security keeps the lists' filters out of their indexes.
    const source = new pg.Client({ connectionString: from.toString() });
    await source.connect();
    const { rows } = await source.query<{ fn: string }>(`SELECT p.oid::regprocedure::text AS fn FROM pg_proc p
      WHERE p.proleakproof AND p.pronamespace = 'pg_catalog'::regnamespace`);
    await source.end();
    const target = new pg.Client({ connectionString: to });
    await target.connect();
    await target.query(rows.map((r) => `ALTER FUNCTION ${r.fn} LEAKPROOF;`).join('\n'));
    await target.end();
  }

  beforeAll(async () => {
    const t0 = Date.now();
    const laps: Record<string, number> = {};
    const lap = (what: string) => void (laps[what] = Date.now() - t0);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yiguan-replica-'));
    if (root) await run('chown', ['postgres', dir]);
    ports.primary = await freePort();
    ports.replica = await freePort();
    const primaryData = path.join(dir, 'primary');
    const replicaData = path.join(dir, 'replica');
    // The primary: WAL enough for a standby, replication connections from 127.0.0.1 for its role.
    await pgRun('initdb', ['-D', primaryData, '-U', 'yiguan', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    fs.appendFileSync(path.join(primaryData, 'pg_hba.conf'), '\nhost replication replicator 127.0.0.1/32 trust\n');
    lap('initdb');
    await startCluster(primaryData, ports.primary, ['-c wal_level=replica -c max_wal_senders=4']);
    primary = new pg.Client({ connectionString: url(ports.primary, 'postgres') });
    await primary.connect();
    await primary.query('CREATE ROLE replicator WITH REPLICATION LOGIN');
    await primary.query(`CREATE DATABASE ${DATABASE}`);
    // The replica: a copy of the primary that streams from it (-R writes primary_conninfo and standby.signal).
    await pgRun('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(ports.primary),
      '-U',
      'replicator',
      '-D',
      replicaData,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    lap('basebackup');
    await startCluster(replicaData, ports.replica, ['-c hot_standby=on']);
    lap('replica up');
    replica = new pg.Client({ connectionString: url(ports.replica, DATABASE) });
    await replica.connect();
    await primary.end();
    primary = new pg.Client({ connectionString: url(ports.primary, DATABASE) });
    await primary.connect();

    const config = {
      ...loadConfig({}),
      dataDir: dir,
      webDir: path.join(dir, 'no-web'),
      rateLimits: liftedLimits(),
      seedDemo: false,
      databaseUrl: url(ports.primary, DATABASE),
      databaseReadUrl: url(ports.replica, DATABASE),
    };
    // The run's seeded template, copied in (its roles first: the tables' grants name them), is far quicker than
    // seeding the demo again (about a minute on two busy cores); without one, the demo is seeded here.
    const template = inject('pgTemplate');
    if (template) await copyTemplate(template, config.databaseUrl);
    lap('copied');
    const built = await buildApp(config, { logger: false });
    app = built.app;
    if (!template) await seedDemo(built.db, built.services);
    await app.ready();
    const second = await buildApp(config, { logger: false });
    other = second.app;
    await other.ready();
    // Its session cache in use, as in a process whose cache bus listens (else every call reads the session row afresh).
    await vi.waitFor(() => expect(cacheBusOf(second.db)?.usable).toBe(true), { timeout: 10_000, interval: 50 });
    lap('apps');
    console.log(`[read-replica] ms from the start: ${JSON.stringify(laps)}`);
  }, 120_000);

  afterAll(async () => {
    await replica?.query('SELECT pg_wal_replay_resume()').catch(() => {});
    await app?.close();
    await other?.close();
    await primary?.end();
    await replica?.end();
    for (const data of started.reverse())
      await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function call(method: 'GET' | 'POST', u: string, body?: unknown, token?: string, on = app!): Promise<Row> {
    const res = await on.inject({
      method,
      url: u,
      headers: token ? { Satoken: token } : {},
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const json = res.json() as Row;
    if (json.status !== 200) throw new Error(`${u}: ${json.status} ${json.message}`);
    return json.data;
  }
  const login = async (u: { username: string; password: string }) =>
    (await call('POST', '/api/admin/login/user', { loginType: 'password', username: u.username, password: u.password }))
      .token as string;
  /** The ids on page 1 of the list as this session reads it (newest first). */
  const listIds = async (token: string, on = app!) =>
    ((await call('POST', api(MODULE, 'page'), { pageNum: 1, pageSize: 50 }, token, on)).list as Row[]).map((r) =>
      Number(r.id),
    );
  const reasonOf = async (token: string, id: number, on = app!) =>
    ((await call('POST', api(MODULE, 'page'), { pageNum: 1, pageSize: 50 }, token, on)).list as Row[]).find(
      (r) => Number(r.id) === id,
    )?.reason;
  const onReplica = async (id: number) =>
    (await replica!.query('SELECT 1 FROM records WHERE id = $1', [id])).rows.length > 0;
  const onPrimary = async (id: number) =>
    (await primary!.query('SELECT 1 FROM records WHERE id = $1', [id])).rows.length > 0;

  async function pauseReplay() {
    await replica!.query('SELECT pg_wal_replay_pause()');
    await vi.waitFor(
      async () =>
        expect((await replica!.query('SELECT pg_get_wal_replay_pause_state() AS s')).rows[0].s).toBe('paused'),
      { timeout: 10_000, interval: 50 },
    );
  }
  /** Resumes replay and waits until the replica has replayed everything the primary has written so far. */
  async function catchUp() {
    const { lsn } = (await primary!.query('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0];
    await replica!.query('SELECT pg_wal_replay_resume()');
    await vi.waitFor(
      async () =>
        expect((await replica!.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn])).rows[0].ok).toBe(
          true,
        ),
      { timeout: 15_000, interval: 50 },
    );
    // The app's reading of the replay position may be that old.
    await new Promise((r) => setTimeout(r, REPLAY_CACHE_MS + 50));
  }

  it('serves a writer his own record at once, others from the replica, and the writer from the replica once it has caught up', async () => {
    const [staff, boss] = [await login(DEMO_STAFF), await login(DEMO)];
    const dict = await call('POST', '/api/admin/sysmenuListFieldDict/queryByFieldKeys', ['dept', 'expenseType'], boss);
    const staffId = Number(
      (await primary!.query('SELECT id FROM users WHERE username = $1', [DEMO_STAFF.username])).rows[0].id,
    );
    const today = todayInChina();
    const claim = (applicantId: number, reason: string) => ({
      applicantId,
      deptId: dictItemId(dict, 'dept', '业务部'),
      applyDate: today,
      reason,
      lines: [{ expenseType: dictItemId(dict, 'expenseType', '办公费'), occurDate: today, price: 12 }],
    });
    // Both sessions have read lists before (and the seed is on the replica): the starting point.
    await catchUp();
    await listIds(staff);
    await listIds(staff, other);
    await listIds(boss);

    // (a) Replay paused: 张三 creates a record; the replica does not have it, his list does (read from the primary).
    await pauseReplay();
    const first = Number((await call('POST', api(MODULE, 'add'), claim(staffId, '只读副本 读己之写'), staff)).id);
    expect(await onPrimary(first)).toBe(true);
    expect(await onReplica(first)).toBe(false);
    expect(await listIds(staff)).toContain(first);
    // The same on the second app, which had his session row cached from before the write: the mark is in that row.
    expect(await listIds(staff, other)).toContain(first);
    // (b) The owner, who has written nothing, reads the replica: the record is not in his list yet.
    expect(await listIds(boss)).not.toContain(first);
    expect(await listIds(boss, other)).not.toContain(first);
    expect(await onReplica(first)).toBe(false);

    // (c) Once the replica has replayed 张三's write, his lists are the replica's again. With replay paused once more,
    // the record's reason is changed on the primary behind the app's back (no session's write): 张三's list shows the
    // reason the replica still has, and the new one once it is replayed.
    await catchUp();
    expect(await listIds(boss)).toContain(first);
    await pauseReplay();
    await primary!.query(`UPDATE records SET data = data || '{"reason": "只读副本 已改"}'::jsonb WHERE id = $1`, [
      first,
    ]);
    expect(await reasonOf(staff, first)).toBe('只读副本 读己之写');
    expect(await reasonOf(staff, first, other)).toBe('只读副本 读己之写');
    await catchUp();
    expect(await reasonOf(staff, first)).toBe('只读副本 已改');
  }, 60_000);
});

if (!enabled)
  it.skip(`needs DATABASE_URL and PostgreSQL's programs (scripts/with-postgres.sh): ${BIN ? 'DATABASE_URL not set' : 'no pg_basebackup under /usr/lib/postgresql'}`, () => {});
