// The demo team's approval processes, each published and bound to its module like an owner does it on
// /approvalManage and /ProcessBinding: 报销 and 借支 go 部门负责人 → 财务 (→ 总经理 from 5,000 yuan), 预付 goes
// 财务 → 总经理 from 10,000 yuan, 应收 is confirmed by 财务. Other approval modules keep the team's default
// 管理员审批.
import type { TenantTx } from '../src/server/db/tenant-scope';
import type { SchemaRegistry } from '../src/server/modules/records/schema-registry';
import { createRecord } from '../src/server/modules/records/service';
import { moduleProviding } from '../src/server/modules/workflow/processes';
import { publish } from '../src/server/modules/workflow/defaults';
import type { Ctx } from '../src/server/modules/workflow/engine';

export async function seedProcesses(trx: TenantTx, ctx: Ctx, schemas: SchemaRegistry, who: { demo: number; financeRoleId: number }) {
  const processes = schemas.get(moduleProviding(schemas, 'approvalProcess') ?? '');
  const bindings = schemas.get(moduleProviding(schemas, 'approvalBinding') ?? '');
  if (!processes || !bindings) return false;
  const { demo, financeRoleId } = who;
  const finance = { approverType: 'role', roleId: financeRoleId, signMode: 'any' };
  const boss = (minPrice: number) => ({ stepName: '总经理审批', approverType: 'user', approverIds: [demo], signMode: 'any', minPrice });
  const flows = [
    { processName: '报销审批', processKey: 'reimburse', moduleId: 'reimburseManage', remark: '部门负责人审核后财务复核；5000 元及以上由总经理终审', binding: '全部报销单',
      lines: [{ stepName: '部门负责人', approverType: 'deptLeader', signMode: 'any' }, { stepName: '财务审批', ...finance, ccIds: [demo] }, boss(5000)] },
    { processName: '借支审批', processKey: 'advance', moduleId: 'advanceManage', remark: '部门负责人审核后财务复核；5000 元及以上由总经理终审', binding: '全部借支单',
      lines: [{ stepName: '部门负责人', approverType: 'deptLeader', signMode: 'any' }, { stepName: '财务审批', ...finance, ccIds: [demo] }, boss(5000)] },
    { processName: '预付审批', processKey: 'prepay', moduleId: 'financialPrepay', remark: '财务核对合同与付款条件；1 万元及以上由总经理审批', binding: '全部预付单',
      lines: [{ stepName: '财务审核', ...finance }, boss(10000)] },
    { processName: '应收确认', processKey: 'receivable', moduleId: 'financialReceivable', remark: '财务核对合同、开票与客户预付后确认应收', binding: '全部应收单',
      lines: [{ stepName: '财务确认', ...finance, ccIds: [demo] }] },
  ];
  for (const { binding, ...p } of flows) {
    const proc = await createRecord(trx, ctx, demo, processes, p);
    await publish(trx, ctx.tenant, schemas, proc.id, demo);
    await createRecord(trx, ctx, demo, bindings, { moduleId: p.moduleId, processId: proc.id, priority: 10, isDefault: false, enabled: true, remark: binding });
  }
  // A draft the owner has not published yet: purchases would be checked by the buyer's superior first.
  await createRecord(trx, ctx, demo, processes, {
    processName: '采购报销（草稿）', processKey: 'purchase-reimburse', moduleId: 'reimburseManage', remark: '尚未发布：采购类报销由采购负责人审核',
    lines: [{ stepName: '采购负责人', approverType: 'superior', signMode: 'any' }, { stepName: '财务审批', ...finance, signMode: 'all' }],
  });
  return true;
}
