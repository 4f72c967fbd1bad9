// The approval workflow as the records core sees it: submitting a record, its running approvals, and the route a
// submission would follow. The workflow hands its engine over at start (features.ts), so the records core never
// imports it; the workflow in turn calls the core (service.ts) when a record takes effect or its approval ends.
import type { TenantTx } from '../../db/tenant-scope';
import type { ProcessSnapshot, ProcessStep } from '../../db/types';
import type { Ctx } from './ctx';
import type { ModuleSchema } from './module-schema';
import { handover } from '../../handover';

/** What the workflow reads of a record it moves; a caller that holds it already hands it over instead of reading it again. */
export interface StoredRecord {
  code: string;
  data: Record<string, unknown>;
  lines: unknown;
  created_by: number;
  category_id: number | null;
}

/** The facts of a record its route depends on (its money, its people, its category, its picked source). */
export interface RoutedRecord {
  data: Record<string, unknown>;
  lines?: unknown;
  created_by: number;
  category_id: number | null;
}

export interface ApprovalStart {
  m: ModuleSchema;
  recordId: number;
  originatorId: number;
  /** 发起人自选 picks, by step index of the process version that applies. */
  chosen?: Record<string, number[]>;
  /** The record as the caller read it in this transaction, unchanged since (else read here). */
  stored?: StoredRecord;
}

/** A record's running approval: who submitted it, and whether an approver has acted on it yet. */
export interface RunningApproval {
  originatorId: number;
  acted: boolean;
}

export interface Approvals {
  /** Submits a saved record: starts its process, or lets it take effect when no process applies. */
  start(trx: TenantTx, ctx: Ctx, a: ApprovalStart): Promise<'running' | 'approved'>;
  /** The running approval of each of these records that has one. */
  running(trx: TenantTx, tenant: string, recordIds: number[]): Promise<Map<number, RunningApproval>>;
  /** The process version and the steps a submission of this record would follow now; null when it needs none. */
  route(trx: TenantTx, ctx: Ctx, m: ModuleSchema, row: RoutedRecord): Promise<ProcessSnapshot | null>;
  /** Names the approvers of each of these steps (roles and departments resolve at run time). */
  stepNames(trx: TenantTx, steps: ProcessStep[]): Promise<(s: ProcessStep) => string>;
}

const slot = handover<Approvals>('no approval workflow was handed to the records core at start (useApprovals)');

/** The workflow hands its engine over, once at start. */
export const useApprovals = slot.use;
export const approvals = slot.get;
