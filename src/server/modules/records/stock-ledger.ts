// The stock ledger as the records core sees it: the effects engine posts a page's `stock` effects, takes and gives
// back reservations, and locks the balances an event moves, through it. The ledger (modules/stock) is handed over
// at start (features.ts), so the records core never imports it.
import type { TenantTx } from '../../db/tenant-scope';
import type { StockPosting } from '../../../common/schema';
import type { Ctx } from './ctx';
import type { ModuleSchema } from './module-schema';
import { handover } from '../../handover';

type Row = Record<string, unknown>;

/** The record a posting is for. */
export interface StockSource {
  m: ModuleSchema;
  id: number;
  code: string;
}

/** Creates the balance record of a key met for the first time (the records service's createRecord). */
export type BalanceCreator = (bm: ModuleSchema, body: Row) => Promise<Row>;

export interface Posted {
  /** The balance moved; null when nothing moved on a key never met (a count of 0 where the books hold nothing). */
  balanceId: number | null;
  /** The line cells `writeBack` gives. */
  writeBack: Row;
}

/** What a document holds of a balance under one lock name. */
export interface Reservation {
  id: number;
  module: string;
  balance_id: number;
  lock_name: string;
  quantity: string;
}

/** One posting of an event, over the values it is evaluated on (`at`), for the record's line `lineNo`. */
export interface PendingPosting {
  p: StockPosting;
  at: Row;
  lineNo: number;
}

export interface StockLedger {
  /** Posts one move (the record, or one of its lines: `lineNo`) of posting `p`, evaluated over `at`. */
  post(
    trx: TenantTx,
    ctx: Ctx,
    p: StockPosting,
    at: Row,
    src: StockSource,
    lineNo: number,
    userId: number,
    create: BalanceCreator,
  ): Promise<Posted>;
  /** The reservations a document holds. */
  reservationsOf(trx: TenantTx, ctx: Ctx, sourceId: number): Promise<Reservation[]>;
  /** Releases every reservation of a document (`held`: as read already), giving its balances' locked quantity back. */
  release(trx: TenantTx, ctx: Ctx, sourceId: number, userId: number, held?: Reservation[]): Promise<void>;
  /** Locks, in one sorted order, every balance these postings will move and the names in `also`. */
  lockKeys(trx: TenantTx, ctx: Ctx, postings: PendingPosting[], also?: string[]): Promise<void>;
}

const slot = handover<StockLedger>('no stock ledger was handed to the records core at start (useStockLedger)');

/** The stock ledger hands itself over, once at start. */
export const useStockLedger = slot.use;
export const stockLedger = slot.get;
