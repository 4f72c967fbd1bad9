// Demo data for an empty database: the demo account owning the enterprise team 演示企业, a staff member,
// a reimbursement approval process (one approver role) and a few sample reimbursements.
import type { DB } from './db';
import type { AppServices } from './services';
import { hashPassword } from './modules/auth/passwords';
import { createTeam, grantMemberRole } from './modules/tenant/teams';
import { withTenant } from './db/tenant-scope';
import { createRecord } from './modules/records/service';
import { agree } from './modules/workflow/engine';
import { permissionCodesOf } from './modules/menu/catalogue';

export const DEMO = { username: 'demo', password: 'demo12345', mobile: '13800000000', nickName: '演示用户', tenantName: '演示企业', tenantCode: 'T00000001' };
export const DEMO_STAFF = { username: 'zhangsan', password: 'demo12345', mobile: '13800000001', nickName: '张三' };

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
  const code = await createTeam(db, demoId, { tenantCode: DEMO.tenantCode, tenantName: DEMO.tenantName, tenantType: 'enterprise' });
  const staffId = await addUser(db, DEMO_STAFF);
  await db.insertInto('memberships').values({ tenant_code: code, user_id: staffId, status: 'normal', is_admin: false }).execute();
  await grantMemberRole(db, code, staffId);
  // The finance approver role, held by the demo owner.
  const financeModules = ['reimburseManage', 'advanceManage', 'financialPrepay', 'financialPayables', 'financialReceivable', 'feildDictionary'];
  const role = await db.insertInto('roles')
    .values({ tenant_code: code, role_key: 'finance', role_name: '财务审批', menus: financeModules, permissions: financeModules.flatMap(permissionCodesOf) })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ tenant_code: code, user_id: demoId, role_id: role.id }).execute();

  const reimburse = services?.schemas.get('reimburseManage');
  await withTenant(db, code, async (trx) => {
    await trx.insertInto('process_definitions').values({
      tenant_code: code, module: 'reimburseManage', name: '报销审批',
      steps: JSON.stringify([{ name: '财务审批', approverType: 'role', approvers: ['finance'], mode: 'any' }]),
    }).execute();
    if (!reimburse) return;
    const dict = async (key: string, name: string) => (await trx.selectFrom('dictionaries').select('id').where('tenant_code', '=', code).where('field_key', '=', key).where('dict_name', '=', name).executeTakeFirstOrThrow()).id;
    const cat = async (name: string) => (await trx.selectFrom('categories').select('id').where('tenant_code', '=', code).where('module', '=', 'reimburseManage').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const base = { applicantId: staffId, deptId: await dict('dept', '业务部'), paymentMethod: await dict('paymentMethod', '银行转账') };
    const line = async (type: string, occurDate: string, price: number, description: string) =>
      ({ expenseType: await dict('expenseType', type), occurDate, price, description, invoiceType: await dict('invoiceType', '电子发票') });
    const today = new Date().toISOString().slice(0, 10);
    await createRecord(trx, code, staffId, reimburse, {
      ...base, applyDate: today, reason: '客户拜访打车费', categoryId: await cat('日常报销'),
      lines: [await line('市内交通费', today, 86.5, '往返客户门店')],
    });
    await createRecord(trx, code, staffId, reimburse, {
      ...base, applyDate: today, reason: '上海展会出差', categoryId: await cat('差旅报销'), submit: true,
      lines: [await line('交通', today, 553, '高铁往返'), await line('住宿', today, 1200, '酒店两晚')],
    });
    const approved = await createRecord(trx, code, staffId, reimburse, {
      ...base, applyDate: today, reason: '办公用品采购', categoryId: await cat('采购报销'), submit: true,
      lines: [await line('办公费', today, 356.8, '打印纸、文件夹')],
    });
    const task = await trx.selectFrom('tasks').innerJoin('process_instances', 'process_instances.id', 'tasks.instance_id')
      .select('tasks.id').where('process_instances.record_id', '=', approved.id as number).executeTakeFirstOrThrow();
    await agree(trx, code, demoId, task.id, undefined, '同意');
  });
  return true;
}
