// Demo data for an empty database: the enterprise team 演示企业 with its owner (演示用户, 总经办 and 业务部
// leader), 张三 (业务部), 李四 (财务, 行政财务部 leader, team admin) and 王强 (an installer who has left), and a
// year of the company's life: the demo story in demo/*.json (its approval processes and bindings, partners,
// advances, claims, prepayments, payables with their payment requests, receivables), played by seed/story.ts
// through the same code paths users' requests take, each step on its own day, then dated.
import { createHash, randomUUID } from 'node:crypto';
import type { DB } from './db';
import type { AppServices } from './services';
import { hashPassword } from './modules/auth/passwords';
import { createTeam, grantMemberRole } from './modules/tenant/teams';
import { sql } from 'kysely';
import { withTenant, type TenantTx } from './db/tenant-scope';
import { applyComputed } from '../common/computed';
import { todayInChina } from '../common/china-time';
import type { Ctx } from './modules/records/ctx';
import { MODULES, permissionCodesOf } from './modules/menu/catalogue';
import { computeAcl } from './modules/acl/acl';
import { transition } from './modules/tenant/memberships';
import { Clock } from './seed/clock';
import { at, dateAgo } from './data-refs/dates';
import { firstDay, loadDemo, Story, type Cast, type Entry } from './seed/story';
import { loadPeople } from './seed/people';
import { fileNames } from './data-refs/refs';
import { renderTextPdf } from './modules/print/pdf';
import { linkNamedFiles } from './db/record-files';
import { fileUrl } from './modules/files/urls';

export const DEMO = {
  username: 'demo',
  password: 'demo12345',
  mobile: '13800000000',
  nickName: '演示用户',
  tenantName: '演示企业',
  tenantCode: 'T00000001',
};
export const DEMO_STAFF = { username: 'zhangsan', password: 'demo12345', mobile: '13800000001', nickName: '张三' };
export const DEMO_FINANCE = { username: 'lisi', password: 'demo12345', mobile: '13800000002', nickName: '李四' };
/** A former member (no known password): the installer whose overdue advance the finance pages show. */
const DEMO_FORMER = { username: 'wangqiang', mobile: '13800000003', nickName: '王强' };

/** The demo team's people, as the README and the start-up message list them. */
export const DEMO_USERS = [
  { ...DEMO, role: '团队所有者、管理员，总经办和业务部负责人' },
  { ...DEMO_STAFF, role: '业务部员工' },
  { ...DEMO_FINANCE, role: '财务、团队管理员，行政财务部负责人' },
];

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

async function addUser(db: DB, u: { username: string; password: string; mobile: string; nickName: string }) {
  const row = await db
    .insertInto('users')
    .values({
      username: u.username,
      mobile: u.mobile,
      nick_name: u.nickName,
      password_hash: await hashPassword(u.password),
      status: 'active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The story played each step on its own day; figures that read today() (e.g. 逾期天数) are computed again as of
 * the real today, keeping the records' dates. Only modules with such computed fields; no stage is touched.
 */
async function recomputeAsOfToday(trx: TenantTx, ctx: Ctx) {
  for (const m of ctx.schemas.all()) {
    const fields = m.fields.filter((f) => f.compute?.expr.includes('today('));
    if (!fields.length) continue;
    const rows = await trx
      .selectFrom('records')
      .select(['id', 'data', 'lines'])
      .where('tenant_code', '=', ctx.tenant)
      .where('module', '=', m.schema.module)
      .execute();
    for (const r of rows) {
      const data = r.data as Record<string, unknown>;
      const next = applyComputed(m.fields, data, (r.lines ?? []) as Record<string, unknown>[], {
        today: todayInChina(),
      });
      if (fields.every((f) => next[f.fieldName] === data[f.fieldName])) continue;
      // Only the today() fields: the others may read picked records this pass does not load.
      const patched = { ...data, ...Object.fromEntries(fields.map((f) => [f.fieldName, next[f.fieldName]])) };
      await trx
        .updateTable('records')
        .set({ data: JSON.stringify(patched) })
        .where('tenant_code', '=', ctx.tenant)
        .where('id', '=', r.id)
        .execute();
    }
  }
}

type SeedServices = Pick<AppServices, 'schemas' | 'files'> & Partial<Pick<AppServices, 'recordIndexes'>>;

/** What seedTeam made and fillDemo plays the story with. */
export interface DemoTeam {
  code: string;
  seedStart: Date;
  ids: { demo: number; lisi: number; wang: number };
  cast: Cast;
}

/** Returns true when it seeded (the database had no users): the team and people, then the whole story. */
export async function seedDemo(db: DB, services?: SeedServices): Promise<boolean> {
  const team = await seedTeam(db, services);
  if (!team) return false;
  await fillDemo(db, services, team);
  return true;
}

/**
 * The demo's people and team, with its roles, departments and leaders (a second or so): enough to log in. Null when
 * the database has users already (nothing is seeded then).
 */
export async function seedTeam(db: DB, services?: SeedServices): Promise<DemoTeam | null> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const seedStart = new Date();
  const demoId = await addUser(db, DEMO);
  // The demo account is the development platform administrator (platform-wide the field-options page defaults; README).
  await db.updateTable('users').set({ is_platform_admin: true }).where('id', '=', demoId).execute();
  const code = await createTeam(
    db,
    demoId,
    { tenantCode: DEMO.tenantCode, tenantName: DEMO.tenantName, tenantType: 'enterprise', starter: false },
    services?.schemas,
  );
  const staffId = await addUser(db, DEMO_STAFF);
  const lisiId = await addUser(db, DEMO_FINANCE);
  // 王强, an installer who has since left the team (the story removes him): his advance is still partly unpaid.
  const wangId = await addUser(db, { ...DEMO_FORMER, password: randomUUID() });
  await db
    .insertInto('memberships')
    .values([
      { tenant_code: code, user_id: staffId, status: 'normal', is_admin: false },
      { tenant_code: code, user_id: lisiId, status: 'normal', is_admin: true },
      { tenant_code: code, user_id: wangId, status: 'normal', is_admin: false },
    ])
    .execute();
  await grantMemberRole(db, code, staffId);
  await grantMemberRole(db, code, lisiId);
  await grantMemberRole(db, code, wangId);
  // The team's default roles (人事行政, 财务 …) serve the demo's people as they are; the demo adds its own (采购, 仓管…).
  const roleIds = new Map(
    (await db.selectFrom('roles').select(['id', 'role_key']).where('tenant_code', '=', code).execute()).map((r) => [
      r.role_key,
      r.id,
    ]),
  );
  // 李四 is the finance role's holder: paying and collecting included.
  await db
    .insertInto('user_roles')
    .values({ tenant_code: code, user_id: lisiId, role_id: roleIds.get('finance')! })
    .execute();
  // The rest of the staff (demo/people.json): members with their department, leaderships and roles.
  const people = loadPeople();
  for (const r of people.roles) {
    if (roleIds.has(r.key)) continue;
    const modules = MODULES.filter((x) => r.groups.includes(x.group) || r.modules?.includes(x.key)).map((x) => x.key);
    const permissions = modules
      .flatMap(permissionCodesOf)
      .filter((c) => !r.without?.includes(c.slice(c.indexOf(':') + 1)));
    const row = await db
      .insertInto('roles')
      .values({
        tenant_code: code,
        role_key: r.key,
        role_name: r.name,
        menus: modules,
        permissions,
        data_scope: r.dataScope ?? 'all',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(r.key, row.id);
  }
  const staff: [string, number][] = [];
  for (const p of people.people) {
    const id = await addUser(db, { ...p, password: DEMO.password });
    // Joined by a request 李四 approved (加入申请 已通过), or added when the team was set up.
    const applied = p.applied && {
      remark: p.applied.remark,
      decided_by: lisiId,
      created_at: daysAgo(p.applied.daysAgo + 1),
      updated_at: daysAgo(p.applied.daysAgo),
    };
    await db
      .insertInto('memberships')
      .values({ tenant_code: code, user_id: id, status: 'normal', is_admin: false, ...applied })
      .execute();
    await grantMemberRole(db, code, id);
    for (const key of p.roles ?? []) {
      const roleId = roleIds.get(key);
      if (!roleId) throw new Error(`demo/people.json: ${p.username} has unknown role ${key}`);
      await db.insertInto('user_roles').values({ tenant_code: code, user_id: id, role_id: roleId }).execute();
    }
    staff.push([p.username, id]);
  }
  // People who asked to join and were refused, with the reason (加入申请 已拒绝).
  for (const a of people.applicants) {
    const id = await addUser(db, { ...a, password: DEMO.password });
    await db
      .insertInto('memberships')
      .values({
        tenant_code: code,
        user_id: id,
        status: 'refused',
        is_admin: false,
        remark: a.refused,
        decided_by: demoId,
        created_at: daysAgo(a.daysAgo + 1),
        updated_at: daysAgo(a.daysAgo),
      })
      .execute();
  }

  // The story's people by username, with what each may do in the team (stage actions check it).
  const cast: Cast = new Map();
  for (const [username, id] of [
    [DEMO.username, demoId],
    [DEMO_STAFF.username, staffId],
    [DEMO_FINANCE.username, lisiId],
    [DEMO_FORMER.username, wangId],
    ...staff,
  ] as const) {
    cast.set(username, { id, permissions: (await computeAcl(db, id, code)).permissions });
  }
  await withTenant(db, code, async (trx) => {
    const dept = async (name: string) =>
      (
        await trx
          .selectFrom('dictionaries')
          .select('id')
          .where('tenant_code', '=', code)
          .where('field_key', '=', 'dept')
          .where('dict_name', '=', name)
          .executeTakeFirstOrThrow()
      ).id;
    for (const [name, leader] of [
      ['总经办', demoId],
      ['业务部', demoId],
      ['行政财务部', lisiId],
      ['设计部', demoId],
      ['生产部', demoId],
      ['仓储安装部', demoId],
    ] as const) {
      await trx
        .updateTable('dictionaries')
        .set({ leader_id: leader })
        .where('id', '=', await dept(name))
        .execute();
    }
    // Each member's department, for the currentDept default.
    const byName = new Map(staff);
    for (const p of people.people) {
      for (const name of p.leaderOf ?? [])
        await trx
          .updateTable('dictionaries')
          .set({ leader_id: byName.get(p.username)! })
          .where('id', '=', await dept(name))
          .execute();
    }
    for (const [userId, name] of [
      [demoId, '总经办'],
      [staffId, '业务部'],
      [lisiId, '行政财务部'],
      [wangId, '仓储安装部'],
      ...people.people.map((p) => [byName.get(p.username)!, p.dept] as const),
    ] as const) {
      await trx
        .updateTable('memberships')
        .set({ dept_id: await dept(name) })
        .where('tenant_code', '=', code)
        .where('user_id', '=', userId)
        .execute();
    }
  });
  return { code, seedStart, ids: { demo: demoId, lisi: lisiId, wang: wangId }, cast };
}

/** How far fillDemo has played the story: its steps played and those planned so far. */
export type FillProgress = (played: number, planned: number) => void;

/**
 * The demo's year: the story of demo/*.json played through the service paths, dated, and the list indexes built.
 * In one transaction, or `sliced`: in transactions of about SLICE_MS of steps each, the connection free between them
 * for the server's calls (embedded PGlite has one), each committing whole steps — the caller keeps the team closed
 * until this returns (db/tenant-lock.ts).
 */
export async function fillDemo(
  db: DB,
  services: SeedServices | undefined,
  team: DemoTeam,
  opts: { sliced?: boolean; progress?: FillProgress } = {},
) {
  const { code, seedStart, cast } = team;
  const { demo: demoId, lisi: lisiId, wang: wangId } = team.ids;
  const story = services ? playable(loadDemo(), services) : [];
  // The team went live on the story's first day.
  const goLive = firstDay(story);
  if (services && story.length) {
    const ctx: Ctx = { tenant: code, schemas: services.schemas };
    await inTransactions(db, code, !!opts.sliced, async (slice) => {
      const { clock, told } = await slice(async (trx) => {
        const clock = new Clock(trx, code, seedStart);
        // What the team got when it was created (its default approval process and bindings) dates from its first day.
        await clock.setUp(at(goLive, 9, 10), dateAgo(goLive));
        const files = await storeDemoFiles(trx, services.files, code, demoId, story);
        const told = await Story.open(trx, ctx, clock, cast, files);
        told.planAll(story);
        return { clock, told };
      });
      while (
        await slice(async (trx) => {
          await told.goOn(trx);
          const more = await told.playFor(opts.sliced ? SLICE_MS : Infinity);
          opts.progress?.(...told.progress());
          return more;
        })
      );
      await slice(async (trx) => {
        await told.goOn(trx);
        await clock.finish();
        // The story's files are all stored as the owner's uploads, while its records are saved by whoever plays each
        // part: a save links only its saver's own files, so the story's records get theirs here, as the server's.
        await linkNamedFiles(trx, code);
        // Today's recomputation (逾期天数 …) is the system's, not the last person's of the story.
        await sql`SELECT set_config('app.user', '', true)`.execute(trx);
        await recomputeAsOfToday(trx, ctx);
      });
    });
  }
  // 王强 left two and a half months ago; an admin took him off the team.
  await transition(db, 'remove', code, wangId, lisiId, '离职');
  await db
    .updateTable('memberships')
    .set({ updated_at: at(75, 18, 0) })
    .where('tenant_code', '=', code)
    .where('user_id', '=', wangId)
    .execute();
  // The team has used 易管 for a year; 王强 joined in spring.
  await db
    .updateTable('tenants')
    .set({ created_at: at(goLive, 9, 0) })
    .where('tenant_code', '=', code)
    .execute();
  await db
    .updateTable('memberships')
    .set({ created_at: at(goLive, 9, 5) })
    .where('tenant_code', '=', code)
    .where('user_id', '!=', wangId)
    .execute();
  await db
    .updateTable('memberships')
    .set({ created_at: at(230, 9, 0) })
    .where('tenant_code', '=', code)
    .where('user_id', '=', wangId)
    .execute();
  // The list indexes, built once over the written story rather than kept up through each of its inserts.
  await services?.recordIndexes?.ensure();
}

/** Steps a sliced story plays per transaction: short enough that a call waiting for the connection hardly notices. */
const SLICE_MS = 40;

type Slice = <T>(fn: (trx: TenantTx) => Promise<T>) => Promise<T>;

/**
 * Runs `body`, whose slices share one transaction, or (`sliced`) each commit its own: after each the server's calls
 * waiting for the connection go first.
 */
function inTransactions(db: DB, code: string, sliced: boolean, body: (slice: Slice) => Promise<void>) {
  if (!sliced) return withTenant(db, code, (trx) => body((fn) => fn(trx)));
  return body(async (fn) => {
    const result = await withTenant(db, code, fn);
    await new Promise((resolve) => setImmediate(resolve));
    return result;
  });
}

/**
 * The files the story attaches (`{ "$file": "name.pdf" }`): one generated PDF each, stored like an upload of the
 * team's owner, so records that require a document hold a real one the file route serves.
 */
async function storeDemoFiles(
  trx: TenantTx,
  storage: AppServices['files'],
  tenant: string,
  ownerId: number,
  story: Entry[],
) {
  const out = new Map<string, { url: string; name: string }>();
  for (const name of fileNames(story.map((e) => e.record))) {
    // An image field gets a picture (a .png name), anything else a one-page PDF.
    const png = /\.png$/i.test(name);
    const bytes = png
      ? await demoPicture()
      : await renderTextPdf(name.replace(/\.pdf$/i, ''), [
          `${DEMO.tenantName} 演示资料`,
          '本文件为演示数据生成的示例文档。',
        ]);
    const sha = createHash('sha256').update(bytes).digest('hex');
    await storage.put(sha, bytes);
    const row = await trx
      .insertInto('files')
      .values({
        tenant_code: tenant,
        uploaded_by: ownerId,
        sha256: sha,
        mime: png ? 'image/png' : 'application/pdf',
        size: bytes.length,
        file_name: name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    out.set(name, { url: fileUrl(row.id, name), name });
  }
  return out;
}

/** A plain certificate-like picture (a framed card) for the demo's image fields. */
async function demoPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="440"><rect width="640" height="440" fill="#fdf6e3"/>
    <rect x="20" y="20" width="600" height="400" fill="none" stroke="#b58900" stroke-width="8"/><circle cx="520" cy="330" r="50" fill="none" stroke="#dc322f" stroke-width="6"/>
    <rect x="80" y="90" width="360" height="26" fill="#93a1a1"/><rect x="80" y="150" width="440" height="14" fill="#cfd8dc"/><rect x="80" y="185" width="400" height="14" fill="#cfd8dc"/>
    <rect x="80" y="220" width="420" height="14" fill="#cfd8dc"/><rect x="80" y="255" width="300" height="14" fill="#cfd8dc"/></svg>`;
  const { default: sharp } = await import('sharp'); // only the first start's demo seed draws images
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The demo's records, when the page schemas know their modules (with another set of schemas: none). */
function playable(entries: Entry[], services: Pick<AppServices, 'schemas' | 'files'>) {
  const modules = [...new Set(entries.map((e) => e.record.module))];
  const missing = modules.filter((m) => !services.schemas.get(m));
  if (missing.length === modules.length) return [];
  if (missing.length) throw new Error(`demo: no page schema for ${missing.join(', ')}`);
  return entries;
}
