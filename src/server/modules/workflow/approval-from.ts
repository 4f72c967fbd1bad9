// `approvalFrom`: a record's approval follows the lines of a record its form picks (a project's 立项流程: one step
// per stage, with that stage's approvers, time limit and required files) instead of the team's process bindings. Resolved when the
// record is submitted (or its route previewed), from the picked record as it is then; the instance keeps the
// snapshot, so a later edit of the picked record does not change a running approval. Knows no module names.
import type { TenantTx } from '../../db/tenant-scope';
import type { ProcessSnapshot, ProcessStep } from '../../db/types';
import { badRequest } from '../../errors';
import type { ApprovalFrom } from '../../../common/schema/types';
import type { ModuleSchema, SchemaRegistry } from '../records/schema-registry';
import { loadPickedOf, recordSourceOf } from '../records/pickers';

type Row = Record<string, unknown>;

const ids = (v: unknown): number[] =>
  (Array.isArray(v) ? v : v === null || v === undefined || v === '' ? [] : [v]).map(Number).filter(Number.isFinite);
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v)).trim();

/** The files a line requires that the page keeps (labels in the line's order, each once). */
function requiredOf(af: ApprovalFrom, line: Row): { label: string; field: string }[] {
  if (!af.requiredFiles) return [];
  const cell = line[af.requiredFiles.field];
  const labels = [
    ...new Set((Array.isArray(cell) ? cell : typeof cell === 'string' && cell ? cell.split(',') : []).map(text)),
  ];
  return labels
    .filter((l) => af.requiredFiles!.files[l])
    .map((label) => ({ label, field: af.requiredFiles!.files[label] }));
}

/** What of a step's required files the record lacks (their labels). */
export function missingFiles(step: ProcessStep, data: Row): string[] {
  return (step.requiredFiles ?? [])
    .filter((f) => !(Array.isArray(data[f.field]) && (data[f.field] as unknown[]).length))
    .map((f) => f.label);
}

/** One approval step of a picked line, or null when the line's approver type is not one the page maps. */
function stepOf(af: ApprovalFrom, line: Row, data: Row): ProcessStep | null {
  const kind = af.approverTypes[text(line[af.approverType])];
  if (!kind) return null;
  const stepName = text(line[af.stepName]) || '审批';
  const limit = af.timeLimitDays ? Number(line[af.timeLimitDays]) : NaN;
  const files = requiredOf(af, line);
  const base = {
    stepName,
    signMode: 'any' as const,
    ...(Number.isFinite(limit) && limit > 0 ? { timeLimitDays: limit } : {}),
    ...(files.length ? { requiredFiles: files } : {}),
  };
  if (typeof kind === 'object') return { ...base, approverType: 'user', approverIds: ids(data[kind.field]) };
  if (kind === 'user') {
    const named = af.approverIds ? ids(line[af.approverIds]) : [];
    return named.length ? { ...base, approverType: 'user', approverIds: named } : null;
  }
  return { ...base, approverType: kind };
}

/** The snapshot a submission of this record starts, from the record its `approvalFrom.field` picks. */
export async function processFromPicked(
  trx: TenantTx,
  tenant: string,
  schemas: SchemaRegistry,
  m: ModuleSchema,
  data: Row,
  today: string,
): Promise<ProcessSnapshot> {
  const af = m.schema.approvalFrom!;
  const f = m.fields.find((x) => x.fieldName === af.field)!;
  const v = data[af.field];
  if (v === undefined || v === null || v === '') throw badRequest(`请选择${f.titleName}`);
  const picked = (await loadPickedOf(trx, tenant, schemas, [f], { [af.field]: v }, { today }, { checkFilter: false }))[
    af.field
  ];
  if (!picked) throw badRequest(`${f.titleName}不存在或不可选`);
  const name = text(af.name ? picked[af.name] : picked.code) || text(picked.code);
  const lines = (Array.isArray(picked.lines) ? picked.lines : []) as Row[];
  const steps = lines.map((l) => stepOf(af, l, data)).filter((s): s is ProcessStep => s !== null);
  const page = schemas.get(recordSourceOf(f.data)!.module)?.schema.title ?? f.titleName;
  if (!steps.length) throw badRequest(`${f.titleName}「${name}」没有设置审批人，请先在「${page}」中为各阶段指定审批人`);
  // version 0: a picked record has no published versions (审批动态 then shows the name alone).
  return { processId: Number(picked.id), name, version: 0, steps };
}
