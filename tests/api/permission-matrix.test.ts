// The permission matrix: every route of the OpenAPI document is classified here, and every route that touches
// records is called by each kind of caller — the owner, an admin, 财务, 人事, a plain member (仅本人 by default), a
// 仅本人 staff member, a department leader, the owner of another team — on a sample of every module's records
// (several creators each). The answer must match what the gate (src/server/modules/records/gate.ts gateSays)
// says: allowed → the record; no permission → 403; outside visibility or data scope → 404 and nothing of the record.
// A route that reads or writes records without passing the gate answers where the gate refuses, and fails here;
// a new route that is not classified below fails the first test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { oneDialect } from '../helpers/databases';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { DEMO, DEMO_FINANCE, DEMO_STAFF } from '../../src/server/seed';
import { SchemaRegistry } from '../../src/server/modules/records/schema-registry';
import { loadConfig } from '../../src/server/config';
import type { ModuleSchema } from '../../src/server/modules/records/schema-registry';
import { gateSays, type GateAnswer } from '../../src/server/modules/records/gate';
import { computeAcl } from '../../src/server/modules/acl/acl';
import { createTeam } from '../../src/server/modules/tenant/teams';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { withTenant } from '../../src/server/db/tenant-scope';

type Row = Record<string, any>;

/** Routes that read or write one record, named by its id: called for every persona × sampled record. */
const RECORD_ROUTES = [
  'GET /api/data/{module}/get',
  'GET /api/data/{module}/history',
  'GET /api/data/{module}/print',
  'POST /api/data/{module}/print-batch',
  'GET /api/data/{module}/documents/{key}',
  'POST /api/data/{module}/route',
  'POST /api/data/{module}/update',
  'POST /api/data/{module}/delete',
  'POST /api/data/{module}/submit',
  'POST /api/data/{module}/stage',
  'POST /api/data/{module}/stage-batch',
  'GET /api/oa/task/findApprovalByFormId',
  'GET /api/oa/task/findTaskIdByFormId',
  'POST /api/oa/process/withdraw',
  'POST /api/oa/process/agree',
  'POST /api/oa/process/refuse',
];
/** Routes that read a module's records as a list or a whole: called for every persona × module. */
const LIST_ROUTES = [
  'POST /api/data/{module}/page',
  'POST /api/data/{module}/export',
  'POST /api/data/{module}/charts',
  'POST /api/data/{module}/documents/{key}',
  'POST /api/admin/tenantPartner/queryList',
  'POST /api/admin/tenantPartner/queryListByType',
  'POST /api/project/project/projectPage',
  'POST /api/admin/employee/getAllEmployeeInfoByProfession',
  'POST /api/admin/tenantBankInfo/queryBankInfoList',
];
/**
 * Routes that touch records but not as a reader of others' records, each with the reason the gate's record
 * checks do not apply (their permission is still the gate's: requireTeamPermission).
 */
const OTHER_RECORD_ROUTES: Record<string, string> = {
  'POST /api/data/{module}/add': 'creates a record of the caller (permission add/submit; tested in records suites)',
  'POST /api/data/{module}/generate': "creates a record from the caller's team data (permission add)",
  'POST /api/data/{module}/import': 'creates records of the caller (permission add)',
  'POST /api/data/{module}/import/preview': 'checks an upload, reads no records',
  'GET /api/data/{module}/import/template': 'an empty workbook',
  'POST /api/data/{module}/options':
    'record pickers: names and declared properties of what a form may pick (visibility and retired apply)',
  'GET /api/data/{module}/tree-nodes': "a picker's tree: names only",
  'GET /api/data/{module}/categories': "a module's category tree",
  'POST /api/data/{module}/categories/add': 'category tree (permission edit)',
  'POST /api/data/{module}/categories/rename': 'category tree (permission edit)',
  'POST /api/data/{module}/categories/move': 'category tree (permission edit)',
  'POST /api/data/{module}/categories/delete': 'category tree (permission delete)',
  'POST /api/oa/process/toDoList': "the caller's own open tasks",
  'POST /api/oa/process/applyList': "the caller's own applications",
  'POST /api/oa/process/doneList': "the caller's own decided tasks",
  'POST /api/notifications/page':
    "the caller's own notifications; the records they name pass openableRecords (the gate)",
  'POST /api/notifications/read': "the caller's own notification",
  'POST /api/notifications/readAll': "the caller's own notifications",
  'GET /api/notifications/unread': "a count of the caller's own notifications",
  'POST /api/audit/page': "the team's whole log: admins only",
  'GET /api/files/{id}/{*}':
    'files: the uploader, or a member who may open a record holding the file (files/access.ts)',
};

/** A record id as a route names it: in the query, the body or a list of ids. */
const RECORD_KEYS = ['id', 'ids', 'formId', 'recordId', 'taskId'];

/** Every page of the schemas (views and nested entities included), known when the suite is collected. */
const MODULE_KEYS = new SchemaRegistry(loadConfig({}).schemasDir).all().map((m) => m.schema.module);

interface Persona {
  name: string;
  token: string;
  userId: number;
  tenantCode: string;
  acl: Awaited<ReturnType<typeof computeAcl>>;
}

describe.each(oneDialect())('permission matrix on $name', (dialect) => {
  let t: TestApp;
  let schemas: SchemaRegistry;
  const personas: Persona[] = [];
  let tenant = '';
  /** Per module (incl. views and nested entities), a sample of its records by different creators. */
  const samples = new Map<string, { id: number; code: string; created_by: number; module: string }[]>();
  const tally = new Map<string, Record<GateAnswer, number>>();
  const count = (route: string, said: GateAnswer) => {
    const c = tally.get(route) ?? { allowed: 0, forbidden: 0, hidden: 0 };
    c[said]++;
    tally.set(route, c);
  };

  const userId = async (username: string) =>
    Number((await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    schemas = new SchemaRegistry(t.config.schemasDir);
    tenant = DEMO.tenantCode;
    // 孙丽 holds 财务 alone (李四 is 财务 and an admin); the other personas are the demo's people as they are.
    const finance = await t.db
      .selectFrom('roles')
      .select('id')
      .where('tenant_code', '=', tenant)
      .where('role_key', '=', 'finance')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_roles')
      .values({ tenant_code: tenant, user_id: await userId('sunli'), role_id: finance.id })
      .execute();
    // Another team's owner: his own team, with records of its own.
    const outsider = Number(
      (
        await t.db
          .insertInto('users')
          .values({
            username: 'matrixout',
            mobile: '13911112222',
            nick_name: '外队',
            password_hash: await hashPassword('demo12345'),
            status: 'active',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
    const otherTeam = await createTeam(t.db, outsider, { tenantName: '矩阵外队', tenantType: 'enterprise' }, schemas);
    const who: [string, string, string][] = [
      ['owner', DEMO.username, tenant],
      ['admin', DEMO_FINANCE.username, tenant],
      ['finance', 'sunli', tenant],
      ['hr', 'zhaomin', tenant],
      ['member', 'liuyang', tenant],
      ['staff', 'hulin', tenant],
      ['leader', 'zhengkai', tenant],
      ['outsider', 'matrixout', otherTeam],
    ];
    for (const [name, username, team] of who) {
      let token = await t.login(username, username === DEMO_STAFF.username ? DEMO_STAFF.password : DEMO.password);
      if (team !== tenant) token = await switched(token, team);
      const id = await userId(username);
      personas.push({ name, token, userId: id, tenantCode: team, acl: await computeAcl(t.db, id, team) });
    }
    expect(personas.find((p) => p.name === 'member')!.acl.dataScope).toBe('self');
    expect(personas.find((p) => p.name === 'leader')!.acl.dataScope).toBe('deptTree');
    await withTenant(t.db, tenant, async (trx) => {
      for (const m of schemas.all()) {
        const stored = m.schema.viewOf ?? m.schema.module;
        const { rows } = await sql<{ id: number; code: string; created_by: number; module: string }>`
          SELECT DISTINCT ON (created_by) id, code, created_by, module FROM records
           WHERE tenant_code = ${tenant} AND module = ${stored} AND deleted_at IS NULL ORDER BY created_by, id DESC`.execute(
          trx,
        );
        if (rows.length)
          samples.set(
            m.schema.module,
            rows.slice(0, 3).map((r) => ({ ...r, id: Number(r.id), created_by: Number(r.created_by) })),
          );
      }
    });
  });
  afterAll(async () => t?.close());

  async function switched(token: string, team: string) {
    const r = await t.app.inject({
      method: 'GET',
      url: `/api/admin/login/switchTenants?tenantCode=${team}`,
      headers: { Satoken: token },
    });
    const body = r.json();
    expect(body.status, body.message).toBe(200);
    return token;
  }

  const call = async (p: Persona, method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { Satoken: p.token },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    expect(res.statusCode, `${method} ${url} as ${p.name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    const type = String(res.headers['content-type'] ?? '');
    return type.includes('json')
      ? { status: Number(res.json().status), data: res.json().data, raw: res.body }
      : { status: res.statusCode, data: null, raw: res.body };
  };
  const says = (p: Persona, m: ModuleSchema, id: number, action: string) => gateSays(t.db, schemas, p, m, id, action);

  /** A refusal as the gate words it: 403 for a missing permission, 404 for a record outside the caller's sight. */
  const refusedAs = (said: GateAnswer, status: number) =>
    said === 'forbidden' ? status === 403 : status === 404 || status === 403;

  it('classifies every route of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const unclassified: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Row>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (RECORD_ROUTES.includes(key) || LIST_ROUTES.includes(key) || key in OTHER_RECORD_ROUTES) continue;
        // A route naming a module's data, or a record id, touches records: it must be in one of the tables above.
        const names = [
          ...(op.parameters ?? []).map((x: Row) => x.name),
          ...Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
        ];
        if (
          path.startsWith('/api/data/') ||
          (path.startsWith('/api/oa/') && names.some((n) => RECORD_KEYS.includes(n)))
        )
          unclassified.push(key);
      }
    }
    expect(unclassified, 'routes touching records that the matrix does not cover').toEqual([]);
    // Every route the tables name exists (a renamed route must be renamed here).
    const known = new Set(
      Object.entries(doc.paths as Record<string, Row>).flatMap(([path, ms]) =>
        Object.keys(ms).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    expect(
      [...RECORD_ROUTES, ...LIST_ROUTES, ...Object.keys(OTHER_RECORD_ROUTES)].filter((k) => !known.has(k)),
    ).toEqual([]);
  });

  /** Per module, the records it holds: each is called by every persona on every route that names one record. */
  const printed = new Set<string>();
  const shownOnce = new Set<string>();
  const exported = new Set<string>();
  it.each(MODULE_KEYS)('%s: reads, writes and lists answer as the gate says', async (key) => {
    const m = schemas.get(key)!;
    // One record at a time: get, history, print, documents, route preview, the approval lookups.
    const recs = samples.get(key) ?? [];
    const printable = !!(m.schema.printable || m.schema.print);
    const docs = (m.schema.documents ?? []).filter((d) => d.from === 'record');
    for (const r of recs) {
      for (const p of personas) {
        const view = await says(p, m, r.id, 'view');
        const check = async (route: string, said: GateAnswer, res: { status: number; data: unknown }) => {
          count(route, said);
          if (said === 'allowed') expect(res.status, `${route} ${key}#${r.id} as ${p.name}`).not.toBe(404);
          else
            expect(
              refusedAs(said, res.status),
              `${route} ${key}#${r.id} as ${p.name}: gate ${said}, answer ${res.status}`,
            ).toBe(true);
          if (said !== 'allowed') expect(JSON.stringify(res.data ?? null)).not.toContain(r.code);
        };
        const got = await call(p, 'GET', `/api/data/${key}/get?id=${r.id}`);
        await check('GET /api/data/{module}/get', view, got);
        if (view === 'allowed') expect(got.status).toBe(200);
        // A record shown is opened by the other routes once per page (the refusals are what a skipped gate changes).
        if (view === 'allowed' && shownOnce.has(`${key}|${p.name}`)) continue;
        if (view === 'allowed') shownOnce.add(`${key}|${p.name}`);
        await check(
          'GET /api/data/{module}/history',
          view,
          await call(p, 'GET', `/api/data/${key}/history?id=${r.id}`),
        );
        // A print renders a PDF: every refusal is checked, and one record shown per page.
        const printSaid = printable ? await says(p, m, r.id, 'print') : 'forbidden';
        if (printable && (printSaid !== 'allowed' || !printed.has(key))) {
          if (printSaid === 'allowed') printed.add(key);
          const said = printSaid;
          await check('GET /api/data/{module}/print', said, await call(p, 'GET', `/api/data/${key}/print?id=${r.id}`));
          await check(
            'POST /api/data/{module}/print-batch',
            said,
            await call(p, 'POST', `/api/data/${key}/print-batch`, { ids: [r.id] }),
          );
        }
        for (const d of docs) {
          const said = await says(p, m, r.id, d.permissionCode.slice(d.permissionCode.indexOf(':') + 1));
          // A document's own code is held or not; its record is seen or not, as for opening it.
          const res = await call(p, 'GET', `/api/data/${key}/documents/${d.key}?id=${r.id}`);
          if (said !== 'allowed' || view !== 'allowed')
            expect([403, 404], `document ${d.key} ${key}#${r.id} as ${p.name}`).toContain(res.status);
          count('GET /api/data/{module}/documents/{key}', view === 'allowed' ? said : view);
        }
        await check(
          'POST /api/data/{module}/route',
          await says(p, m, r.id, 'submit'),
          await call(p, 'POST', `/api/data/${key}/route`, { id: r.id }),
        );
        if (r.module === m.schema.module) {
          await check(
            'GET /api/oa/task/findApprovalByFormId',
            view,
            await call(p, 'GET', `/api/oa/task/findApprovalByFormId?formId=${r.id}`),
          );
          await check(
            'GET /api/oa/task/findTaskIdByFormId',
            view,
            await call(p, 'GET', `/api/oa/task/findTaskIdByFormId?formId=${r.id}`),
          );
        }
      }
    }
    // Writing: every write route, for each caller the gate refuses; the record stays as it was.
    const stage = m.schema.stages?.actions[0];
    const batch = m.schema.stages?.actions.find((a) => a.batch);
    for (const r of samples.get(key) ?? []) {
      const before = await t.db
        .selectFrom('records')
        .select(['status', 'data', 'deleted_at'])
        .where('id', '=', r.id)
        .executeTakeFirstOrThrow();
      for (const p of personas) {
        const tries: [string, string, 'POST', string, unknown][] = [
          ['POST /api/data/{module}/update', 'edit', 'POST', `/api/data/${key}/update`, { id: r.id }],
          ['POST /api/data/{module}/delete', 'delete', 'POST', `/api/data/${key}/delete`, { ids: [r.id] }],
          ['POST /api/data/{module}/submit', 'submit', 'POST', `/api/data/${key}/submit`, { id: r.id }],
          ...(stage
            ? [
                [
                  'POST /api/data/{module}/stage',
                  'view',
                  'POST',
                  `/api/data/${key}/stage`,
                  { id: r.id, action: stage.key },
                ] as [string, string, 'POST', string, unknown],
              ]
            : []),
          ...(batch
            ? [
                [
                  'POST /api/data/{module}/stage-batch',
                  'view',
                  'POST',
                  `/api/data/${key}/stage-batch`,
                  { ids: [r.id], action: batch.key },
                ] as [string, string, 'POST', string, unknown],
              ]
            : []),
        ];
        for (const [route, action, method, url, body] of tries) {
          const said = await says(p, m, r.id, action);
          if (said === 'allowed') continue;
          count(route, said);
          const res = await call(p, method, url, body);
          expect(
            refusedAs(said, res.status),
            `${route} ${key}#${r.id} as ${p.name}: gate ${said}, answer ${res.status}`,
          ).toBe(true);
        }
      }
      const after = await t.db
        .selectFrom('records')
        .select(['status', 'data', 'deleted_at'])
        .where('id', '=', r.id)
        .executeTakeFirstOrThrow();
      expect(after, `${key}#${r.id} changed by a refused write`).toEqual(before);
    }
    // Listing: the page, the export and the charts leave out what the gate hides.
    for (const r of samples.get(key) ?? []) {
      for (const p of personas) {
        const said = await says(p, m, r.id, 'view');
        count('POST /api/data/{module}/page', said);
        // A list is asked for what it must leave out (a record it shows is the record calls' matter).
        if (said === 'allowed') continue;
        const page = await call(p, 'POST', `/api/data/${key}/page`, { keyword: r.code, pageSize: 50 });
        if (said === 'forbidden') expect(page.status).toBe(403);
        else if (said === 'hidden')
          expect(
            (page.data?.list ?? []).map((x: Row) => Number(x.id)),
            `page ${key} as ${p.name}`,
          ).not.toContain(r.id);
        // One export per page and caller, for the first record he may not see: reading the workbook is slow.
        const exp = await says(p, m, r.id, 'export');
        // A refused export is cheap; a workbook is read once per page, for the first record it must leave out.
        if (exp === 'forbidden' || !exported.has(key)) {
          if (exp !== 'forbidden') exported.add(key);
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/data/${key}/export`,
            headers: { Satoken: p.token },
            payload: { keyword: r.code },
          });
          count('POST /api/data/{module}/export', exp === 'forbidden' ? 'forbidden' : said);
          if (exp === 'forbidden') expect(res.json().status).toBe(403);
          else if (res.statusCode === 200 && String(res.headers['content-type']).includes('sheet')) {
            const { default: ExcelJS } = await import('exceljs');
            const wb = new ExcelJS.Workbook();
            await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
            const cells: string[] = [];
            wb.eachSheet((ws) =>
              ws.eachRow((row) =>
                row.eachCell((c) => {
                  cells.push(String(c.value ?? ''));
                }),
              ),
            );
            expect(cells, `export ${key} as ${p.name}`).not.toContain(r.code);
          }
        }
      }
    }
    if (m.schema.charts?.length) {
      for (const p of personas) {
        const said =
          m.schema.charts && samples.get(key)?.[0] ? await says(p, m, samples.get(key)![0].id, 'view') : 'allowed';
        const res = await call(p, 'POST', `/api/data/${key}/charts`, {});
        count('POST /api/data/{module}/charts', said);
        if (said === 'forbidden') expect(res.status).toBe(403);
      }
    }
  });

  it('approving: nobody agrees to, refuses or withdraws an approval that is not his', async () => {
    const open = await t.db
      .selectFrom('tasks')
      .innerJoin('process_instances as pi', 'pi.id', 'tasks.instance_id')
      .select(['tasks.id as taskId', 'tasks.assignee_id', 'pi.id as instanceId', 'pi.record_id', 'pi.originator_id'])
      .where('tasks.tenant_code', '=', tenant)
      .where('tasks.status', '=', 'open')
      .limit(15)
      .execute();
    expect(open.length).toBeGreaterThan(3);
    for (const task of open) {
      const status = async () =>
        (await t.db.selectFrom('tasks').select('status').where('id', '=', task.taskId).executeTakeFirstOrThrow())
          .status;
      for (const p of personas.filter((x) => x.userId !== Number(task.assignee_id))) {
        count('POST /api/oa/process/agree', 'forbidden');
        expect(
          (
            await call(p, 'POST', '/api/oa/process/agree', {
              taskId: task.taskId,
              processInstanceId: task.instanceId,
              comments: '越权',
            })
          ).status,
          `agree as ${p.name}`,
        ).not.toBe(200);
        expect(
          (
            await call(p, 'POST', '/api/oa/process/refuse', {
              taskId: task.taskId,
              processInstanceId: task.instanceId,
              comments: '越权',
            })
          ).status,
          `refuse as ${p.name}`,
        ).not.toBe(200);
        if (p.userId !== Number(task.originator_id))
          expect(
            (await call(p, 'POST', '/api/oa/process/withdraw', { formId: task.record_id })).status,
            `withdraw as ${p.name}`,
          ).not.toBe(200);
      }
      expect(await status()).toBe('open');
    }
  });

  it('the lookup calls return only what the gate shows; every route saw records shown and refused', async () => {
    // The lookup calls read through the gate: what they return is what the caller's list shows.
    const lookups: [string, Row, string, (d: Row) => number[]][] = [
      [
        '/api/admin/tenantPartner/queryList',
        { pageNum: 1, pageSize: 200 },
        'partnerInfo',
        (d) => d.list.map((x: Row) => Number(x.id)),
      ],
      [
        '/api/project/project/projectPage',
        { pageNum: 1, pageSize: 200 },
        'projectInitiation',
        (d) => d.list.map((x: Row) => Number(x.id)),
      ],
      [
        '/api/admin/employee/getAllEmployeeInfoByProfession',
        {},
        'employeeFiles',
        (d) => d.flatMap((g: Row) => g.employees.map((e: Row) => Number(e.id ?? e.value))),
      ],
    ];
    for (const p of personas) {
      for (const [url, body, module, idsOf] of lookups) {
        const res = await call(p, 'POST', url, body);
        const m = schemas.get(module)!;
        if (res.status !== 200) {
          expect([403]).toContain(res.status);
          continue;
        }
        for (const id of idsOf(res.data)) {
          const rec = await t.db.selectFrom('records').select('module').where('id', '=', id).executeTakeFirst();
          const said = await says(p, rec ? (schemas.get(rec.module) ?? m) : m, id, 'view');
          count(`POST ${url}`, said);
          expect(said, `${url} as ${p.name} returned #${id}`).toBe('allowed');
        }
      }
    }
    // The matrix saw both sides of every route: records shown and records refused.
    // The matrix saw both sides of every read route: records shown and records refused.
    for (const route of [
      'GET /api/data/{module}/get',
      'GET /api/data/{module}/history',
      'GET /api/oa/task/findApprovalByFormId',
      'GET /api/data/{module}/print',
    ]) {
      const c = tally.get(route)!;
      expect(c.allowed, route).toBeGreaterThan(route.includes('print') ? 5 : 20);
      expect(c.hidden + c.forbidden, route).toBeGreaterThan(20);
    }
    for (const route of [
      'POST /api/data/{module}/update',
      'POST /api/data/{module}/delete',
      'POST /api/data/{module}/submit',
      'POST /api/data/{module}/stage',
    ]) {
      expect((tally.get(route)?.hidden ?? 0) + (tally.get(route)?.forbidden ?? 0), route).toBeGreaterThan(20);
    }
  });
});
