// The gate: every call that reads or writes business records — the record calls, exports, charts, prints, the
// approval history and task lookups, notifications, the lookup calls, the audit trail — enters here, and this is the
// only place that decides, in this order:
//   1. the caller's module permission (`<module>:<action>` in the session's ACL; a nested entity answers to its
//      page's codes),
//   2. the page's visibility rule (visibleWhen, resolved for the caller),
//   3. the role's data scope (全部 / 本部门及下级 / 本部门 / 仅本人; a department's leader sees his department),
// and, for writes, ownership, `editableBy` fields and stage locks (access.ts assertMayChange, which the save paths call).
// A refusal of 1 is 403; a record outside 2 or 3 answers 404, as if it did not exist. Routes call the gate and
// never repeat its checks: a route that reads records without it is what the permission matrix test catches.
import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { requireTeamPermission } from '../../plugins/permissions';
import { notFound } from '../../errors';
import type { RecordSources } from './sources';
import type { SessionAcl } from '../../db/types';
import { withTenant, withTenantRead, type TenantTx } from '../../db/tenant-scope';
import { readerOf } from '../../db/replica';
import type { RefContext } from '../../../common/rules/conditions';
import { todayInChina } from '../../../common/china-time';
import { storedKeyOf, type ModuleSchema } from './schema-registry';
import { permissionsFor } from './list-views';
import { callerOf, type Caller } from './access';
import { callerRefs, notRetiredSql, visibleSql } from './visibility';
import { dataScopeSql } from './data-scope';
import type { Ctx } from './ctx';
import { permits } from '../../plugins/permissions';

export type TeamSession = Awaited<ReturnType<typeof requireTeamPermission>>;

/** What a caller who passed the gate for one module and action holds. */
export interface GatePass {
  a: TeamSession;
  acl: SessionAcl;
  ctx: Ctx;
  /** The call's work in the team's transaction, with the caller (permissions as this page reads them, admin flag). */
  run: <T>(fn: (trx: TenantTx, caller: Caller) => Promise<T>) => Promise<T>;
  /**
   * As run, for a call that only reads (each statement its own read-only transaction, one round trip), on the
   * database the caller reads from: the read replica when there is one, unless his own last write is not there yet
   * (db/replica.ts readerOf).
   */
  read: <T>(fn: (trx: TenantTx, caller: Caller) => Promise<T>) => Promise<T>;
  /** As read, its statements in one transaction (one snapshot): exports, charts, prints, pickers. */
  readTx: <T>(fn: (trx: TenantTx, caller: Caller) => Promise<T>) => Promise<T>;
  /** Refuses, as not found, a record the page's visibility or the caller's data scope does not show him. */
  visible: (trx: TenantTx, id: number) => Promise<void>;
  /** The records the caller may see, as one SQL condition over `r`, or null when he sees every record of the page. */
  scope: (trx: TenantTx) => Promise<RawBuilder<unknown> | null>;
  /** The page as the caller's team tuned it (the field-options page): what its saves are validated against. */
  tuned: () => Promise<ModuleSchema>;
}

/** Passes the gate for a module and an action, or throws 403 (no permission) / 10015 (not signed in). */
export async function openGate(
  s: RecordSources,
  req: FastifyRequest,
  m: ModuleSchema,
  action: string,
): Promise<GatePass> {
  const a = await requireTeamPermission(s, req, m.schema.module, action);
  const acl = await s.acl.forSession(a);
  const ctx: Ctx = { tenant: a.tenantCode, schemas: s.schemas, log: req.log };
  const callerIn = (trx: TenantTx) =>
    callerOf(trx, a.tenantCode, a.userId, permissionsFor(m, acl.permissions), acl.isAdmin);
  // The caller's refs ($user, $dept, admin) are read once per call, and only for pages that limit visibility.
  let refs: Promise<RefContext> | undefined;
  const refsOf = (trx: TenantTx) => (refs ??= callerRefs(trx, a.tenantCode, a.userId, todayInChina()));
  const scope = (trx: TenantTx) => scopeSql(trx, a, acl, m, refsOf);
  return {
    a,
    acl,
    ctx,
    run: (fn) => withTenant(s.db, a.tenantCode, async (trx) => fn(trx, await callerIn(trx))),
    read: async (fn) =>
      withTenantRead(await readerOf(s.db, a), a.tenantCode, async (trx) => fn(trx, await callerIn(trx))),
    readTx: async (fn) =>
      withTenant(await readerOf(s.db, a), a.tenantCode, async (trx) => fn(trx, await callerIn(trx))),
    visible: async (trx, id) => assertShown(trx, a.tenantCode, m, id, await scope(trx)),
    scope,
    tuned: () => s.fieldOptions.effective(a.tenantCode, m),
  };
}

/** Visibility ∧ data scope for the caller, as one condition over the records `r` (null: nothing hidden). */
async function scopeSql(
  trx: TenantTx,
  a: TeamSession,
  acl: SessionAcl,
  m: ModuleSchema,
  refsOf: (trx: TenantTx) => Promise<RefContext>,
) {
  const page = m.schema.visibleWhen ? visibleSql(m, await refsOf(trx)) : null;
  // A page of the team's shared reference records (materials, warehouses, the company's information) is read
  // whole by everyone who may open it; the data scope narrows documents people make.
  const byRole = m.schema.sharedRecords ? null : dataScopeSql(a.tenantCode, a.userId, acl.dataScope, personFieldsOf(m));
  return page && byRole ? sql`(${page} AND ${byRole})` : (page ?? byRole);
}

/**
 * The fields of a page naming the person a record is for or who works on it (data-scope.ts): its applicant, those
 * editableBy names, and those its stage actions notify (an order's 负责人 is urged about it and must open it).
 */
const personFieldsOf = (m: ModuleSchema) => [
  ...new Set(
    [
      m.schema.applicantField,
      ...(m.schema.editableBy ?? []).map((e) => e.field),
      ...(m.schema.stages?.actions ?? [])
        .map((a) => a.notify?.to)
        .filter((f) => m.fields.some((x) => x.fieldName === f)),
    ].filter((f): f is string => !!f),
  ),
];

/** Whether the record is one of this page's, in the caller's team, not deleted, and within `cond`. */
async function shown(trx: TenantTx, tenant: string, m: ModuleSchema, id: number, cond: RawBuilder<unknown> | null) {
  const { rows } =
    await sql`SELECT 1 FROM records r WHERE r.tenant_code = ${tenant} AND r.id = ${id} AND r.module = ${storedKeyOf(m)}
    AND r.deleted_at IS NULL ${cond ? sql`AND ${cond}` : sql``}`.execute(trx);
  return rows.length > 0;
}

/** Refuses, as not found, a record that is not one the caller may see on this page (another team's, another page's too). */
async function assertShown(
  trx: TenantTx,
  tenant: string,
  m: ModuleSchema,
  id: number,
  cond: RawBuilder<unknown> | null,
) {
  if (!(await shown(trx, tenant, m, id, cond))) throw notFound();
}

/**
 * The gate for a call that names a record by id alone (the approval history, the task lookup): the record's
 * module is read first (another team's id is simply not found: row-level security), then the gate is passed for
 * that module and the record checked against the caller's visibility and scope.
 */
export async function openGateForRecord(
  s: RecordSources,
  req: FastifyRequest,
  tenant: string,
  id: number,
  action = 'view',
) {
  const row = await withTenant(s.db, tenant, (trx) =>
    trx
      .selectFrom('records')
      .select('module')
      .where('tenant_code', '=', tenant)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  );
  const m = row && s.schemas.get(row.module);
  if (!m) throw notFound();
  const pass = await openGate(s, req, m, action);
  await pass.run((trx) => pass.visible(trx, id));
  return { m, pass };
}

/**
 * Of several records (notifications, lists of approvals), those the caller may open now — the same three checks
 * as opening each one, in one statement per module.
 */
export async function openableRecords(
  s: RecordSources,
  session: Parameters<RecordSources['acl']['forSession']>[0] & { tenantCode: string },
  trx: TenantTx,
  items: { module: string; id: number }[],
): Promise<Set<number>> {
  const out = new Set<number>();
  const byModule = new Map<string, number[]>();
  for (const it of items) byModule.set(it.module, [...(byModule.get(it.module) ?? []), it.id]);
  if (!byModule.size) return out;
  const acl = await s.acl.forSession(session);
  const a = { ...session, tenantCode: session.tenantCode } as TeamSession;
  let refs: Promise<RefContext> | undefined;
  const refsOf = (t: TenantTx) => (refs ??= callerRefs(t, session.tenantCode, session.userId, todayInChina()));
  for (const [module, ids] of byModule) {
    const m = s.schemas.get(module);
    if (!m || !holdsCode(s, m, 'view', acl.permissions)) continue;
    const cond = await scopeSql(trx, a, acl, m, refsOf);
    const { rows } = await sql<{
      id: number;
    }>`SELECT r.id FROM records r WHERE r.tenant_code = ${session.tenantCode} AND r.deleted_at IS NULL
      AND r.id IN (${sql.join(ids)}) ${cond ? sql`AND ${cond}` : sql``}`.execute(trx);
    for (const x of rows) out.add(Number(x.id));
  }
  return out;
}

/**
 * A lookup's view of a module (the spec's lookup calls): the gate's three checks, plus, as a record picker
 * offers, only records that are not retired.
 */
export async function lookupScope(pass: GatePass, trx: TenantTx, m: ModuleSchema, offerable: boolean) {
  const cond = await pass.scope(trx);
  const retired = offerable
    ? notRetiredSql(m, await callerRefs(trx, pass.a.tenantCode, pass.a.userId, todayInChina()))
    : null;
  return cond && retired ? sql`(${cond} AND ${retired})` : (cond ?? retired);
}

const holdsCode = (s: Pick<RecordSources, 'schemas'>, m: ModuleSchema, action: string, codes: readonly string[]) =>
  permits(s, m.schema.module, action, codes);

export type GateAnswer = 'allowed' | 'forbidden' | 'hidden';

/**
 * What the gate answers a member (his session's ACL) for one record and action, without a request: the same
 * permission test, visibility and data scope a route's pass applies. The permission matrix test holds every
 * record-touching route against it.
 */
export async function gateSays(
  db: RecordSources['db'],
  schemas: Pick<RecordSources, 'schemas'>['schemas'],
  who: { userId: number; tenantCode: string; acl: SessionAcl },
  m: ModuleSchema,
  id: number,
  action: string,
): Promise<GateAnswer> {
  if (!holdsCode({ schemas }, m, action, who.acl.permissions)) return 'forbidden';
  const a = { userId: who.userId, tenantCode: who.tenantCode } as TeamSession;
  return withTenant(db, who.tenantCode, async (trx) => {
    const cond = await scopeSql(trx, a, who.acl, m, (t) => callerRefs(t, who.tenantCode, who.userId, todayInChina()));
    return (await shown(trx, who.tenantCode, m, id, cond)) ? 'allowed' : 'hidden';
  });
}
