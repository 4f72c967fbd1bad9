// Demo data for an empty database: the enterprise team 演示企业 with its owner (演示用户, 总经办 and 业务部
// leader), 张三 (业务部) and 李四 (财务, 行政财务部 leader, team admin); a 报销审批 process
// (部门负责人 → 财务审批, and 总经理审批 from 5,000 yuan) bound to 报销管理; and a year of reimbursements in
// every status and stage, each created, submitted, decided and paid through the same code paths users use.
import { sql } from 'kysely';
import type { DB } from './db';
import type { AppServices } from './services';
import { hashPassword } from './modules/auth/passwords';
import { createTeam, grantMemberRole } from './modules/tenant/teams';
import { withTenant, type TenantTx } from './db/tenant-scope';
import { createRecord } from './modules/records/service';
import { runStageAction } from './modules/records/stages';
import { agree, refuse, withdraw, type Ctx } from './modules/workflow/engine';
import { moduleProviding } from './modules/workflow/processes';
import { publish } from './modules/workflow/defaults';
import { permissionCodesOf } from './modules/menu/catalogue';

export const DEMO = { username: 'demo', password: 'demo12345', mobile: '13800000000', nickName: '演示用户', tenantName: '演示企业', tenantCode: 'T00000001' };
export const DEMO_STAFF = { username: 'zhangsan', password: 'demo12345', mobile: '13800000001', nickName: '张三' };
export const DEMO_FINANCE = { username: 'lisi', password: 'demo12345', mobile: '13800000002', nickName: '李四' };

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
  const demoId = await addUser(db, DEMO);
  const code = await createTeam(db, demoId, { tenantCode: DEMO.tenantCode, tenantName: DEMO.tenantName, tenantType: 'enterprise' }, services?.schemas);
  const staffId = await addUser(db, DEMO_STAFF);
  const lisiId = await addUser(db, DEMO_FINANCE);
  await db.insertInto('memberships').values([
    { tenant_code: code, user_id: staffId, status: 'normal', is_admin: false },
    { tenant_code: code, user_id: lisiId, status: 'normal', is_admin: true },
  ]).execute();
  await grantMemberRole(db, code, staffId);
  await grantMemberRole(db, code, lisiId);
  // The finance role: every finance module, paying included.
  const financeModules = ['reimburseManage', 'advanceManage', 'financialPrepay', 'financialPayables', 'financialReceivable', 'feildDictionary'];
  const role = await db.insertInto('roles')
    .values({ tenant_code: code, role_key: 'finance', role_name: '财务', menus: financeModules, permissions: financeModules.flatMap(permissionCodesOf) })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ tenant_code: code, user_id: lisiId, role_id: role.id }).execute();

  await withTenant(db, code, async (trx) => {
    const dept = async (name: string) => (await trx.selectFrom('dictionaries').select('id').where('tenant_code', '=', code).where('field_key', '=', 'dept').where('dict_name', '=', name).executeTakeFirstOrThrow()).id;
    for (const [name, leader] of [['总经办', demoId], ['业务部', demoId], ['行政财务部', lisiId], ['设计部', demoId], ['生产部', demoId], ['仓储安装部', demoId]] as const) {
      await trx.updateTable('dictionaries').set({ leader_id: leader }).where('id', '=', await dept(name)).execute();
    }
    if (!services) return;
    const ctx: Ctx = { tenant: code, schemas: services.schemas };
    const processes = services.schemas.get(moduleProviding(services.schemas, 'approvalProcess') ?? '');
    const bindings = services.schemas.get(moduleProviding(services.schemas, 'approvalBinding') ?? '');
    const reimburse = services.schemas.get('reimburseManage');
    if (!processes || !bindings || !reimburse) return;
    const proc = await createRecord(trx, ctx, demoId, processes, {
      processName: '报销审批', processKey: 'reimburse', moduleId: 'reimburseManage', remark: '部门负责人审核后财务复核；5000 元及以上由总经理终审',
      lines: [
        { stepName: '部门负责人', approverType: 'deptLeader', signMode: 'any' },
        { stepName: '财务审批', approverType: 'role', roleId: role.id, signMode: 'any', ccIds: [demoId] },
        { stepName: '总经理审批', approverType: 'user', approverIds: [demoId], signMode: 'any', minPrice: 5000 },
      ],
    });
    await publish(trx, code, services.schemas, proc.id, demoId);
    await createRecord(trx, ctx, demoId, bindings, { moduleId: 'reimburseManage', processId: proc.id, priority: 10, isDefault: false, enabled: true, remark: '全部报销单' });
    await createRecord(trx, ctx, demoId, processes, {
      processName: '采购报销（草稿）', processKey: 'purchase-reimburse', moduleId: 'reimburseManage', remark: '尚未发布：采购类报销由采购负责人审核',
      lines: [{ stepName: '采购负责人', approverType: 'superior', signMode: 'any' }, { stepName: '财务审批', approverType: 'role', roleId: role.id, signMode: 'all' }],
    });
    await seedReimbursements(trx, ctx, { demoId, staffId, lisiId, financeCodes: financeModules.flatMap(permissionCodesOf) });
  });
  return true;
}

interface People { demoId: number; staffId: number; lisiId: number; financeCodes: string[] }

type Fate = 'draft' | 'step1' | 'step2' | 'rejected' | 'withdrawn' | 'toPay' | 'paid';

/** Twenty-four claims over the last twelve months: who files them, for whom, and how far each got. */
const CLAIMS: { monthsAgo: number; who: 'staff' | 'demo' | 'lisi' | 'forStaff'; cat: string; reason: string; lines: [string, number, string][]; fate: Fate }[] = [
  { monthsAgo: 11, who: 'staff', cat: '差旅报销', reason: '广州客户门店巡检出差', lines: [['交通', 1260, '高铁往返'], ['住宿', 880, '酒店两晚'], ['出差补贴', 300, '三天补贴']], fate: 'paid' },
  { monthsAgo: 11, who: 'lisi', cat: '日常报销', reason: '财务软件年费发票寄送', lines: [['通讯费', 68, '快递与电话费']], fate: 'paid' },
  { monthsAgo: 10, who: 'demo', cat: '日常报销', reason: '春节客户答谢宴请', lines: [['业务招待费', 3680, '年会答谢晚宴']], fate: 'paid' },
  { monthsAgo: 10, who: 'staff', cat: '项目报销', reason: '万达广场专柜安装现场耗材', lines: [['办公费', 420.5, '胶水、螺丝、保护膜'], ['市内交通费', 96, '打车往返']], fate: 'paid' },
  { monthsAgo: 9, who: 'forStaff', cat: '差旅报销', reason: '代张三报销：成都展会布展', lines: [['交通', 1850, '机票往返'], ['住宿', 1350, '酒店三晚']], fate: 'paid' },
  { monthsAgo: 9, who: 'staff', cat: '日常报销', reason: '客户拜访打车费', lines: [['市内交通费', 86.5, '往返客户门店']], fate: 'rejected' },
  { monthsAgo: 8, who: 'lisi', cat: '采购报销', reason: '财务部文具采购', lines: [['办公费', 356.8, '打印纸、文件夹、装订机']], fate: 'paid' },
  { monthsAgo: 8, who: 'staff', cat: '项目报销', reason: '道具运输加急物流费', lines: [['运输物流费', 1200, '专车送货至杭州']], fate: 'paid' },
  { monthsAgo: 7, who: 'demo', cat: '差旅报销', reason: '北京总部客户年度合同洽谈', lines: [['交通', 2460, '机票往返'], ['住宿', 2100, '酒店三晚'], ['业务招待费', 1800, '商务宴请']], fate: 'paid' },
  { monthsAgo: 7, who: 'staff', cat: '日常报销', reason: '手机话费补贴', lines: [['通讯费', 150, '七月话费']], fate: 'withdrawn' },
  { monthsAgo: 6, who: 'staff', cat: '差旅报销', reason: '深圳工厂验货', lines: [['交通', 640, '高铁往返'], ['住宿', 460, '酒店一晚']], fate: 'paid' },
  { monthsAgo: 6, who: 'lisi', cat: '日常报销', reason: '银行对账往返交通', lines: [['市内交通费', 58, '地铁与打车']], fate: 'toPay' },
  { monthsAgo: 5, who: 'forStaff', cat: '项目报销', reason: '代张三报销：商场专柜夜间施工餐费', lines: [['业务招待费', 560, '施工队夜宵']], fate: 'paid' },
  { monthsAgo: 5, who: 'staff', cat: '采购报销', reason: '五金配件零星采购', lines: [['办公费', 980, '合页、拉手、灯带']], fate: 'rejected' },
  { monthsAgo: 4, who: 'demo', cat: '日常报销', reason: '办公室绿植与饮用水', lines: [['办公费', 760, '绿植租摆、桶装水']], fate: 'paid' },
  { monthsAgo: 4, who: 'staff', cat: '差旅报销', reason: '上海展会出差', lines: [['交通', 553, '高铁往返'], ['住宿', 1200, '酒店两晚']], fate: 'toPay' },
  { monthsAgo: 3, who: 'staff', cat: '项目报销', reason: '南京门店道具售后上门', lines: [['交通', 420, '高铁往返'], ['市内交通费', 75, '打车']], fate: 'paid' },
  { monthsAgo: 3, who: 'lisi', cat: '日常报销', reason: '税务申报资料打印', lines: [['办公费', 126, '打印装订']], fate: 'step1' },
  { monthsAgo: 2, who: 'demo', cat: '差旅报销', reason: '香港展会考察', lines: [['交通', 3200, '机票往返'], ['住宿', 4200, '酒店三晚'], ['出差补贴', 600, '三天补贴']], fate: 'toPay' },
  { monthsAgo: 2, who: 'staff', cat: '日常报销', reason: '客户样品快递费', lines: [['运输物流费', 236, '顺丰寄样品']], fate: 'toPay' },
  { monthsAgo: 1, who: 'staff', cat: '项目报销', reason: '苏州中岛柜安装差旅', lines: [['交通', 380, '高铁往返'], ['住宿', 420, '酒店一晚'], ['出差补贴', 200, '两天补贴']], fate: 'step2' },
  { monthsAgo: 1, who: 'forStaff', cat: '日常报销', reason: '代张三报销：客户拜访停车费', lines: [['市内交通费', 45, '商场停车']], fate: 'step1' },
  { monthsAgo: 0, who: 'staff', cat: '差旅报销', reason: '武汉新店量尺', lines: [['交通', 720, '高铁往返'], ['住宿', 380, '酒店一晚']], fate: 'draft' },
  { monthsAgo: 0, who: 'demo', cat: '日常报销', reason: '十一月客户茶歇', lines: [['业务招待费', 420, '茶歇点心']], fate: 'draft' },
];

async function seedReimbursements(trx: TenantTx, ctx: Ctx, p: People) {
  const m = ctx.schemas.get('reimburseManage')!;
  const tenant = ctx.tenant;
  const dict = async (key: string, name: string) => (await trx.selectFrom('dictionaries').select('id').where('tenant_code', '=', tenant).where('field_key', '=', key).where('dict_name', '=', name).executeTakeFirstOrThrow()).id;
  const cat = async (name: string) => (await trx.selectFrom('categories').select('id').where('tenant_code', '=', tenant).where('module', '=', m.schema.module).where('name', '=', name).executeTakeFirstOrThrow()).id;
  const depts = { staff: await dict('dept', '业务部'), demo: await dict('dept', '总经办'), lisi: await dict('dept', '行政财务部') };
  const now = new Date();
  /** Approves the record's open tasks, each as its assignee, `steps` times. */
  const approve = async (recordId: number, steps: number) => {
    for (let i = 0; i < steps; i++) {
      const task = await trx.selectFrom('tasks').innerJoin('process_instances as pi', 'pi.id', 'tasks.instance_id').select(['tasks.id', 'tasks.assignee_id'])
        .where('pi.record_id', '=', recordId).where('tasks.status', '=', 'open').orderBy('tasks.id').executeTakeFirst();
      if (!task) return;
      await agree(trx, ctx, task.assignee_id, task.id, undefined, ['同意', '情况属实，同意', '票据齐全，同意'][i % 3]);
    }
  };
  for (const [n, c] of CLAIMS.entries()) {
    const day = new Date(now.getFullYear(), now.getMonth() - c.monthsAgo, Math.min(26, 3 + ((n * 7) % 24)));
    if (day > now) day.setTime(now.getTime() - 86400000);
    const date = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
    const applicant = c.who === 'demo' ? p.demoId : c.who === 'lisi' ? p.lisiId : p.staffId;
    const creator = c.who === 'forStaff' ? p.demoId : applicant;
    const lines = [];
    for (const [type, price, description] of c.lines) {
      lines.push({ expenseType: await dict('expenseType', type), occurDate: date, price, description, invoiceType: await dict('invoiceType', price > 1000 ? '增值税专用发票' : '电子发票') });
    }
    const rec = await createRecord(trx, ctx, creator, m, {
      applicantId: applicant, deptId: c.who === 'demo' ? depts.demo : c.who === 'lisi' ? depts.lisi : depts.staff, applyDate: date, reason: c.reason,
      paymentMethod: await dict('paymentMethod', '银行转账'), bankName: '招商银行深圳科技园支行', bankCardNo: `62258801${String(1000 + applicant).padStart(4, '0')}${String(n).padStart(4, '0')}`,
      categoryId: await cat(c.cat), lines,
    }, { submit: c.fate !== 'draft' });
    const id = rec.id as number;
    if (c.fate === 'step2') await approve(id, 1);
    if (c.fate === 'toPay' || c.fate === 'paid') await approve(id, 3);
    if (c.fate === 'rejected') {
      const task = await trx.selectFrom('tasks').innerJoin('process_instances as pi', 'pi.id', 'tasks.instance_id').select(['tasks.id', 'tasks.assignee_id'])
        .where('pi.record_id', '=', id).where('tasks.status', '=', 'open').executeTakeFirstOrThrow();
      await refuse(trx, ctx, task.assignee_id, task.id, undefined, '缺少发票原件，请补齐后重新提交');
    }
    if (c.fate === 'withdrawn') await withdraw(trx, tenant, creator, id);
    if (c.fate === 'paid') {
      await runStageAction(trx, ctx, m, id, 'pay', { payDate: date, payAccount: '招商银行基本户 尾号 6688' }, p.lisiId, p.financeCodes);
    }
    await backdate(trx, tenant, id, day);
  }
}

/** Moves a seeded record's history to its own month: submitted that day, each decision a few hours later. */
async function backdate(trx: TenantTx, tenant: string, recordId: number, day: Date) {
  const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 9, 30).toISOString();
  const shift = sql`(${at}::timestamptz - now())`;
  await sql`UPDATE records SET created_at = created_at + ${shift}, updated_at = updated_at + ${shift} WHERE tenant_code = ${tenant} AND id = ${recordId}`.execute(trx);
  await sql`UPDATE process_instances SET created_at = created_at + ${shift}, ended_at = ended_at + ${shift} + interval '1 day' WHERE tenant_code = ${tenant} AND record_id = ${recordId}`.execute(trx);
  await sql`UPDATE tasks SET created_at = tasks.created_at + ${shift} + (tasks.step_index * interval '5 hour'), ended_at = tasks.ended_at + ${shift} + ((tasks.step_index + 1) * interval '5 hour')
    FROM process_instances pi WHERE pi.id = tasks.instance_id AND tasks.tenant_code = ${tenant} AND pi.record_id = ${recordId}`.execute(trx);
  await sql`UPDATE record_events SET created_at = created_at + ${shift} + CASE kind WHEN 'stage' THEN interval '2 day' ELSE interval '0' END WHERE tenant_code = ${tenant} AND record_id = ${recordId}`.execute(trx);
}
