// What every new team starts with, so that approval forms work with no set-up: a published 管理员审批
// process (one step: the team's 管理员 role, any one agrees) bound as the default of each approval module
// in its package. The owner changes both on 审批管理 and 流程绑定 like any other record.
import type { TenantTx } from '../../db/tenant-scope';
import type { SchemaRegistry } from '../records/schema-registry';
import { hasApproval } from '../records/access';
import { createRecord } from '../records/service';
import { runStageAction, stageActionCode } from '../records/stages';
import { moduleProviding, PUBLISHED } from './processes';

export const ADMIN_PROCESS = { processName: '管理员审批', processKey: 'adminApproval' };

/** Publishes a process record through its own stage action (the one that leads to 已发布). */
export async function publish(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  processId: number,
  userId: number,
) {
  const m = schemas.get(moduleProviding(schemas, 'approvalProcess')!)!;
  const action = m.schema.stages!.actions.find((a) => a.to === PUBLISHED)!;
  await runStageAction(trx, { tenant, schemas }, m, processId, action.key, {}, userId, [stageActionCode(m, action)]);
}

export async function seedDefaultApprovals(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  ownerId: number,
  modules: string[],
) {
  const processModule = moduleProviding(schemas, 'approvalProcess');
  const bindingModule = moduleProviding(schemas, 'approvalBinding');
  if (!processModule || !bindingModule) return;
  // A nested entity (e.g. 付款申请 on 应付管理) comes with its page's package entry.
  const targets = schemas.all().filter((m) => hasApproval(m) && modules.includes(m.permissionModule));
  if (!targets.length) return;
  const admin = await trx
    .selectFrom('roles')
    .select('id')
    .where('tenant_code', '=', tenant)
    .where('role_key', '=', 'admin')
    .executeTakeFirst();
  if (!admin) return;
  const ctx = { tenant, schemas };
  const proc = await createRecord(trx, ctx, ownerId, schemas.get(processModule)!, {
    ...ADMIN_PROCESS,
    remark: '团队创建时自动生成：由管理员审批，可在此修改或停用',
    lines: [{ stepName: '管理员审批', approverType: 'role', roleId: admin.id, signMode: 'any' }],
  });
  await publish(trx, tenant, schemas, proc.id, ownerId);
  for (const m of targets) {
    await createRecord(trx, ctx, ownerId, schemas.get(bindingModule)!, {
      moduleId: m.schema.module,
      processId: proc.id,
      priority: 99,
      isDefault: true,
      enabled: true,
      remark: '默认流程',
    });
  }
}
