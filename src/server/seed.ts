// Demo data for an empty database: the enterprise team 演示企业 with its owner (演示用户, 总经办 and 业务部
// leader), 张三 (业务部), 李四 (财务, 行政财务部 leader, team admin) and 王强 (an installer who has left);
// approval processes for 报销, 借支, 预付 and 应收; and a year of the company's life (demo/, played by seed/): partners,
// advances, claims offsetting them, prepayments, payables and receivables in every status and stage, each
// created, submitted, decided, paid and collected through the same code paths users use, then dated.
import { randomUUID } from 'node:crypto';
import type { DB } from './db';
import type { AppServices } from './services';
import { hashPassword } from './modules/auth/passwords';
import { createTeam, grantMemberRole } from './modules/tenant/teams';
import { withTenant, type TenantTx } from './db/tenant-scope';
import type { Ctx } from './modules/workflow/engine';
import { MODULES, permissionCodesOf } from './modules/menu/catalogue';
import { transition } from './modules/tenant/memberships';
import { Clock } from './seed/clock';
import { at, dateAgo } from './seed/dates';
import { loadLookups, Timeline, type Kit, type People } from './seed/story';
import { seedProcesses, STORY_PLANS } from '../../demo';

export const DEMO = { username: 'demo', password: 'demo12345', mobile: '13800000000', nickName: '演示用户', tenantName: '演示企业', tenantCode: 'T00000001' };
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

async function addUser(db: DB, u: { username: string; password: string; mobile: string; nickName: string }) {
  const row = await db.insertInto('users')
    .values({ username: u.username, mobile: u.mobile, nick_name: u.nickName, password_hash: await hashPassword(u.password), status: 'active' })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Returns true when it seeded (the database had no users). */
export async function seedDemo(db: DB, services?: Pick<AppServices, 'schemas'>): Promise<boolean> {
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const seedStart = new Date();
  const demoId = await addUser(db, DEMO);
  const code = await createTeam(db, demoId, { tenantCode: DEMO.tenantCode, tenantName: DEMO.tenantName, tenantType: 'enterprise' }, services?.schemas);
  const staffId = await addUser(db, DEMO_STAFF);
  const lisiId = await addUser(db, DEMO_FINANCE);
  // 王强, an installer who has since left the team (the story removes him): his advance is still partly unpaid.
  const wangId = await addUser(db, { ...DEMO_FORMER, password: randomUUID() });
  await db.insertInto('memberships').values([
    { tenant_code: code, user_id: staffId, status: 'normal', is_admin: false },
    { tenant_code: code, user_id: lisiId, status: 'normal', is_admin: true },
    { tenant_code: code, user_id: wangId, status: 'normal', is_admin: false },
  ]).execute();
  await grantMemberRole(db, code, staffId);
  await grantMemberRole(db, code, lisiId);
  await grantMemberRole(db, code, wangId);
  // The finance role: every finance module, paying included.
  const financeModules = MODULES.filter((m) => m.group === 'finance').map((m) => m.key);
  const financeCodes = financeModules.flatMap(permissionCodesOf);
  const role = await db.insertInto('roles')
    .values({ tenant_code: code, role_key: 'finance', role_name: '财务', menus: financeModules, permissions: financeCodes })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ tenant_code: code, user_id: lisiId, role_id: role.id }).execute();

  const people = { demo: demoId, staff: staffId, lisi: lisiId, wang: wangId };
  await withTenant(db, code, async (trx) => {
    const dept = async (name: string) => (await trx.selectFrom('dictionaries').select('id').where('tenant_code', '=', code).where('field_key', '=', 'dept').where('dict_name', '=', name).executeTakeFirstOrThrow()).id;
    for (const [name, leader] of [['总经办', demoId], ['业务部', demoId], ['行政财务部', lisiId], ['设计部', demoId], ['生产部', demoId], ['仓储安装部', demoId]] as const) {
      await trx.updateTable('dictionaries').set({ leader_id: leader }).where('id', '=', await dept(name)).execute();
    }
    // Each member's department, for the currentDept default.
    for (const [userId, name] of [[demoId, '总经办'], [staffId, '业务部'], [lisiId, '行政财务部'], [wangId, '仓储安装部']] as const) {
      await trx.updateTable('memberships').set({ dept_id: await dept(name) }).where('tenant_code', '=', code).where('user_id', '=', userId).execute();
    }
    if (!services) return;
    const ctx: Ctx = { tenant: code, schemas: services.schemas };
    if (!(await seedProcesses(trx, ctx, services.schemas, { demo: demoId, financeRoleId: role.id }))) return;
    await tellStory(trx, ctx, people, financeCodes, seedStart);
  });
  // 王强 left two and a half months ago; an admin took him off the team.
  await transition(db, 'remove', code, wangId, lisiId, '离职');
  await db.updateTable('memberships').set({ updated_at: at(75, 18, 0) }).where('tenant_code', '=', code).where('user_id', '=', wangId).execute();
  // The team has used 易管 for a year; 王强 joined in spring.
  await db.updateTable('tenants').set({ created_at: at(GO_LIVE, 9, 0) }).where('tenant_code', '=', code).execute();
  await db.updateTable('memberships').set({ created_at: at(GO_LIVE, 9, 5) }).where('tenant_code', '=', code).where('user_id', '!=', wangId).execute();
  await db.updateTable('memberships').set({ created_at: at(230, 9, 0) }).where('tenant_code', '=', code).where('user_id', '=', wangId).execute();
  return true;
}

/** Days ago the team started using 易管 (its processes, bindings and first partners date from then). */
const GO_LIVE = 370;

/** A year of the company's life: partners, advances, claims, prepayments, payables and receivables, in date order. */
async function tellStory(trx: TenantTx, ctx: Ctx, people: People, financeCodes: string[], seedStart: Date) {
  const clock = new Clock(trx, ctx.tenant, seedStart);
  // What the team set up on its first day (processes, bindings) dates from then.
  await clock.setUp(at(GO_LIVE, 9, 10), dateAgo(GO_LIVE));
  const lookups = await loadLookups(trx, ctx.tenant);
  const k: Kit = {
    trx, ctx, people, financeCodes, clock, timeline: new Timeline(), refs: new Map(), ...lookups,
    schema: (module) => {
      const m = ctx.schemas.get(module);
      if (!m) throw new Error(`demo seed: no page schema ${module}`);
      return m;
    },
  };
  for (const plan of STORY_PLANS) plan(k);
  await k.timeline.play(clock);
  await clock.finish();
}
