// The stock ledger: effects of kind "stock" (page schema `effects[].stock`) post what a document moves.
// One balance record per key (e.g. warehouse + material + location) in the balance module holds the running
// quantity and value; a posting takes a transaction-scoped advisory lock on that key before it reads the
// balance, so two issues of the same material queue in the database and the second sees what the first left
// (never read-then-write across transactions). A shortage is refused unless the posting allows negative stock.
// Receipts add quantity × price; issues leave at the balance's cost: moving weighted average (value × out ÷
// quantity, the whole value when the last unit leaves) or first-in-first-out over the receipts' `remaining`.
// Every move is a row of stock_moves; the balance keeps its 30 newest moves as its lines (the list's popover).
import { sql } from 'kysely';
import Big from 'big.js';
import type { TenantTx } from '../../db/tenant-scope';
import { badRequest, conflict } from '../../errors';
import type { StockPosting } from '../../../common/schema';
import { evalExpr } from '../../../common/computed';
import { isBlank as blank } from '../../../common/expr/values';
import { lockNames } from '../../db/advisory-locks';
import { num } from '../records/numbers';
import type { ModuleSchema } from '../records/module-schema';
import { todayOf, type Ctx } from '../records/ctx';
import { settleRecord } from '../records/settle';
import type {
  BalanceCreator,
  PendingPosting,
  Posted,
  Reservation,
  StockLedger,
  StockSource,
} from '../records/stock-ledger';

type Row = Record<string, unknown>;

/** How many of a balance's newest moves it shows as its lines. */
const SHOWN_MOVES = 30;

const fen = (b: Big) => b.round(2, Big.roundHalfUp);

interface Balance {
  id: number;
  code: string;
  data: Row;
  lines: Row[];
}

const normalized = (keys: Row) =>
  Object.entries(keys)
    .map(([k, v]) => [k, blank(v) ? '' : String(v)] as const)
    .sort(([a], [b]) => a.localeCompare(b));
/** The advisory lock's name of a balance key (the key, not the row: the first posting of a key has no row to lock yet). */
const lockName = (ctx: Ctx, module: string, keys: Row) => `${ctx.tenant}|${module}|${JSON.stringify(normalized(keys))}`;

/** The balance keys a posting of `p` over `at` moves. */
function keysOf(bm: ModuleSchema, p: StockPosting, at: Row, lineNo: number): Row {
  const keys: Row = {};
  for (const [k, x] of Object.entries(p.keys)) {
    const v = evalExpr(x, at);
    const f = bm.fields.find((d) => d.fieldName === k);
    // A key the balance needs (a required field, or one the posting names in `require`: the prop of a finished good)
    // is never blank: a blank one would match whatever balance lacks that field.
    if (blank(v) && (f?.requireAble || p.require?.includes(k)))
      throw badRequest(`第${lineNo + 1}行未指定${f?.titleName ?? k}`);
    keys[k] = blank(v) ? '' : v;
  }
  return keys;
}

/**
 * Locks, in one sorted order, every balance a transition's postings will move (both legs of a transfer), before
 * any of them is read: two transfers of the same materials in opposite directions then queue instead of
 * deadlocking (each would otherwise hold one warehouse's balance and wait for the other's).
 */
export async function lockStockKeys(trx: TenantTx, ctx: Ctx, postings: PendingPosting[], also: string[] = []) {
  const names = new Set<string>(also);
  for (const { p, at, lineNo } of postings) {
    const bm = ctx.schemas.get(p.module);
    if (bm) names.add(lockName(ctx, bm.schema.module, keysOf(bm, p, at, lineNo)));
  }
  await lockNames(trx, names);
}

async function lockBalance(trx: TenantTx, ctx: Ctx, bm: ModuleSchema, keys: Row): Promise<Balance | null> {
  const module = bm.schema.module;
  const norm = normalized(keys);
  // Held already when the transition locked its keys up front (lockStockKeys); taking it again is free.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${lockName(ctx, module, keys)}, 0))`.execute(trx);
  const conds = norm.map(([k, v]) => sql`coalesce(r.data->>${sql.lit(k)}, '') = ${v}`);
  const r =
    await sql<Balance>`SELECT r.id, r.code, r.data, r.lines FROM records r WHERE r.tenant_code = ${ctx.tenant} AND r.module = ${module}
    AND r.deleted_at IS NULL AND ${sql.join(conds, sql` AND `)} ORDER BY r.id LIMIT 1 FOR UPDATE`.execute(trx);
  const b = r.rows[0];
  return b ? { id: Number(b.id), code: b.code, data: b.data ?? {}, lines: b.lines ?? [] } : null;
}

/** What the balance is called in a message: its keys' labels (e.g. 原材料仓 · 多层板 18mm). */
function nameOf(keys: Row, data: Row) {
  return Object.keys(keys)
    .filter((k) => !blank(keys[k]))
    .map((k) => String(data[`${k}Name`] ?? keys[k]))
    .join(' · ');
}

async function teamCosting(trx: TenantTx, ctx: Ctx, p: StockPosting): Promise<'fifo' | 'average'> {
  if (!p.costing) return 'average';
  const r = await sql<{
    v: string | null;
  }>`SELECT r.data->>${sql.lit(p.costing.field)} AS v FROM records r WHERE r.tenant_code = ${ctx.tenant}
    AND r.module = ${p.costing.module} AND r.deleted_at IS NULL ORDER BY r.id LIMIT 1`.execute(trx);
  return r.rows[0]?.v === p.costing.fifo ? 'fifo' : 'average';
}

async function lastUnitPrice(trx: TenantTx, ctx: Ctx, balanceId: number) {
  const r = await sql<{
    p: string;
  }>`SELECT unit_price AS p FROM stock_moves WHERE tenant_code = ${ctx.tenant} AND balance_id = ${balanceId}
    ORDER BY id DESC LIMIT 1`.execute(trx);
  return num(r.rows[0]?.p);
}

/** First in, first out: takes `out` from the oldest receipts still in stock; what they lack leaves at the last price. */
async function fifoCost(trx: TenantTx, ctx: Ctx, balanceId: number, out: Big) {
  const r = await sql<{
    id: number;
    remaining: string;
    unit_price: string;
  }>`SELECT id, remaining, unit_price FROM stock_moves
    WHERE tenant_code = ${ctx.tenant} AND balance_id = ${balanceId} AND remaining > 0 ORDER BY id`.execute(trx);
  let left = out;
  let amount = new Big(0);
  for (const layer of r.rows) {
    if (left.lte(0)) break;
    const take = num(layer.remaining).lt(left) ? num(layer.remaining) : left;
    amount = amount.plus(take.times(num(layer.unit_price)));
    left = left.minus(take);
    await sql`UPDATE stock_moves SET remaining = remaining - ${take.toString()}::numeric WHERE tenant_code = ${ctx.tenant} AND id = ${layer.id}`.execute(
      trx,
    );
  }
  if (left.gt(0)) amount = amount.plus(left.times(await lastUnitPrice(trx, ctx, balanceId)));
  return fen(amount);
}

/** Moving weighted average: the share of the value that leaves; all of it with the last unit. */
async function averageCost(trx: TenantTx, ctx: Ctx, balanceId: number, qty: Big, value: Big, out: Big) {
  if (qty.lte(0)) return fen(out.times(await lastUnitPrice(trx, ctx, balanceId)));
  if (out.eq(qty)) return value;
  if (out.lt(qty)) return fen(value.times(out).div(qty));
  return fen(value.plus(out.minus(qty).times(value.div(qty))));
}

/** Posts one move (the record, or one of its lines: `lineNo`) of posting `p`, evaluated over `at`. */
export async function postStock(
  trx: TenantTx,
  ctx: Ctx,
  p: StockPosting,
  at: Row,
  src: StockSource,
  lineNo: number,
  userId: number,
  create: BalanceCreator,
): Promise<Posted> {
  const bm = ctx.schemas.get(p.module);
  if (!bm) throw badRequest(`关联模块不存在：${p.module}`);
  const keys = keysOf(bm, p, at, lineNo);
  let bal = await lockBalance(trx, ctx, bm, keys);
  const before = { ...at, balance: { quantity: 0, stockPrice: 0, lockedQuantity: 0, ...bal?.data } };
  let q: Big;
  try {
    q = new Big(evalExpr(p.quantity, before) as number);
  } catch {
    throw badRequest(`第${lineNo + 1}行数量不正确`);
  }
  if (q.eq(0)) return { balanceId: bal?.id ?? null, writeBack: written(p, before, q, new Big(0), new Big(0)) };
  // A negative hold gives back part of what this document's line holds (an order's shipped quantity).
  if (p.reserve && q.lt(0)) return unreserve(trx, ctx, q.abs(), src, lineNo, userId);
  if (p.reserve) return reserve(trx, ctx, bm, p, keys, bal, before, q, src, lineNo, userId, create);
  if (p.openingBy?.length) {
    const scope = JSON.stringify(
      Object.fromEntries(p.openingBy.map((k) => [k, blank(keys[k]) ? '' : String(keys[k])])),
    );
    const r =
      await sql`SELECT 1 FROM stock_moves WHERE tenant_code = ${ctx.tenant} AND module = ${bm.schema.module} AND keys @> ${scope}::jsonb
      AND source_id <> ${src.id} LIMIT 1`.execute(trx);
    if (r.rows.length)
      throw conflict(
        `${nameOf(keys, { ...at, ...(at.line as Row | undefined), ...bal?.data })}已有出入库记录，不能再录入期初`,
      );
  }
  if (!bal) {
    const rec = await create(bm, { ...keys, quantity: 0, stockPrice: 0 });
    bal = { id: Number(rec.id), code: String(rec.code), data: rec, lines: [] };
  }
  const qty = num(bal.data.quantity);
  const value = num(bal.data.stockPrice);
  let amount: Big;
  if (q.lt(0)) {
    const out = q.abs();
    const allowNegative = p.allowNegative ? !!evalExpr(p.allowNegative, before) : false;
    if (!allowNegative && qty.lt(out)) {
      throw conflict(
        `库存不足：${nameOf(keys, { ...at, ...(at.line as Row | undefined), ...bal.data })} 现有 ${qty.toString()}，本次出库 ${out.toString()}`,
      );
    }
    // What other documents under approval hold is not available (this document's own hold went when it took effect).
    const locked = num(bal.data.lockedQuantity);
    if (!allowNegative && locked.gt(0) && qty.minus(locked).lt(out)) {
      throw unavailable(keys, at, bal.data, qty, locked, out);
    }
    const costing = await teamCosting(trx, ctx, p);
    amount = (
      costing === 'fifo' ? await fifoCost(trx, ctx, bal.id, out) : await averageCost(trx, ctx, bal.id, qty, value, out)
    ).times(-1);
  } else {
    const given = p.price ? evalExpr(p.price, before) : null;
    let price: Big;
    if (blank(given)) price = qty.gt(0) ? value.div(qty) : await lastUnitPrice(trx, ctx, bal.id);
    else {
      try {
        price = new Big(given as number);
      } catch {
        throw badRequest(`第${lineNo + 1}行单价不正确`);
      }
      if (price.lt(0)) throw badRequest(`第${lineNo + 1}行单价不能为负数`);
    }
    amount = fen(q.times(price));
  }
  const nextQty = qty.plus(q);
  // Nothing left is worth nothing (the rounding of earlier issues does not linger in the value).
  const nextValue = nextQty.eq(0) ? new Big(0) : value.plus(amount);
  const unitPrice = amount.abs().div(q.abs()).round(4, Big.roundHalfUp);
  const today = todayOf(ctx);
  const remaining = q.gt(0) ? (nextQty.lt(q) ? (nextQty.gt(0) ? nextQty : new Big(0)) : q) : null;
  await sql`INSERT INTO stock_moves (tenant_code, module, balance_id, keys, source_module, source_id, source_code, line_no, move_date,
      quantity, unit_price, amount, balance_quantity, balance_amount, remaining)
    VALUES (${ctx.tenant}, ${bm.schema.module}, ${bal.id}, ${JSON.stringify(Object.fromEntries(Object.entries(keys).map(([k, v]) => [k, String(v)])))}::jsonb,
      ${src.m.schema.module}, ${src.id}, ${src.code}, ${lineNo}, ${today}, ${q.toString()}::numeric, ${unitPrice.toString()}::numeric,
      ${amount.toString()}::numeric, ${nextQty.toString()}::numeric, ${nextValue.toString()}::numeric, ${remaining?.toString() ?? null}::numeric)`.execute(
    trx,
  );
  const move: Row = {
    moveDate: today,
    sourceType: moveTypeOf(p, before, src),
    sourceCode: src.code,
    quantity: Number(q.toString()),
    unitPrice: Number(unitPrice.toString()),
    amount: Number(amount.toString()),
    balanceQuantity: Number(nextQty.toString()),
  };
  const data = {
    ...bal.data,
    quantity: Number(nextQty.toString()),
    stockPrice: Number(nextValue.toString()),
    lastMoveDate: today,
  };
  await settleRecord(trx, ctx, bm, bal.id, data, [move, ...bal.lines].slice(0, SHOWN_MOVES), { userId, checks: false });
  return { balanceId: bal.id, writeBack: written(p, before, q, unitPrice, amount) };
}

/** What a move is called in the balance's lines: the posting's `moveType` (生产入库, 发货出库), else the page's title. */
function moveTypeOf(p: StockPosting, at: Row, src: StockSource) {
  const t = p.moveType ? evalExpr(p.moveType, at) : null;
  return blank(t) ? src.m.schema.title : String(t).slice(0, 20);
}

/** The line cells a posting writes back (`writeBack`), evaluated with the move. */
function written(p: StockPosting, before: Row, q: Big, unitPrice: Big, amount: Big): Row {
  const move = {
    quantity: Number(q.toString()),
    unitPrice: Number(unitPrice.toString()),
    amount: Number(amount.toString()),
  };
  return Object.fromEntries(
    Object.entries(p.writeBack ?? {}).map(([cell, x]) => [cell, evalExpr(x, { ...before, move })]),
  );
}

/** The refusal of an issue or a hold beyond what is available (quantity less what other documents hold). */
function unavailable(keys: Row, at: Row, balance: Row | undefined, qty: Big, locked: Big, out: Big) {
  return conflict(
    `可用库存不足：${nameOf(keys, { ...at, ...(at.line as Row | undefined), ...balance })} 现有 ${qty.toString()}，已锁定 ${locked.toString()}，可用 ${qty.minus(locked).toString()}，本次出库 ${out.toString()}`,
  );
}

/** Holds `q` of the balance for a document under approval: refused beyond what is available unless negative stock is allowed. */
async function reserve(
  trx: TenantTx,
  ctx: Ctx,
  bm: ModuleSchema,
  p: StockPosting,
  keys: Row,
  found: Balance | null,
  before: Row,
  q: Big,
  src: StockSource,
  lineNo: number,
  userId: number,
  create: BalanceCreator,
): Promise<Posted> {
  let bal = found;
  const qty = num(bal?.data.quantity);
  const locked = num(bal?.data.lockedQuantity);
  const allowNegative = p.allowNegative ? !!evalExpr(p.allowNegative, before) : false;
  if (!allowNegative && qty.minus(locked).lt(q)) {
    throw unavailable(keys, before, bal?.data, qty, locked, q);
  }
  if (!bal) {
    const rec = await create(bm, { ...keys, quantity: 0, stockPrice: 0 });
    bal = { id: Number(rec.id), code: String(rec.code), data: rec, lines: [] };
  }
  await sql`INSERT INTO stock_reservations (tenant_code, module, balance_id, lock_name, source_id, line_no, quantity)
    VALUES (${ctx.tenant}, ${bm.schema.module}, ${bal.id}, ${lockName(ctx, bm.schema.module, keys)}, ${src.id}, ${lineNo}, ${q.toString()}::numeric)`.execute(
    trx,
  );
  await settleRecord(
    trx,
    ctx,
    bm,
    bal.id,
    { ...bal.data, lockedQuantity: Number(locked.plus(q).toString()) },
    bal.lines,
    { userId, checks: false },
  );
  return { balanceId: bal.id, writeBack: {} };
}

/** The reservations a document holds (the lock names its release takes, with the postings', in one sorted order). */
export async function reservationsOf(trx: TenantTx, ctx: Ctx, sourceId: number) {
  const r = await sql<Reservation>`SELECT id, module, balance_id, lock_name, quantity FROM stock_reservations
    WHERE tenant_code = ${ctx.tenant} AND source_id = ${sourceId} ORDER BY lock_name, id`.execute(trx);
  return r.rows;
}

/** Lowers each balance's lockedQuantity by what was released of it (never below 0), under the balance's row lock. */
async function dropLocked(trx: TenantTx, ctx: Ctx, byBalance: Map<number, { module: string; q: Big }>, userId: number) {
  for (const [id, { module, q }] of byBalance) {
    const bm = ctx.schemas.get(module);
    const r =
      await sql<Balance>`SELECT id, code, data, lines FROM records WHERE tenant_code = ${ctx.tenant} AND module = ${module} AND id = ${id}
      AND deleted_at IS NULL FOR UPDATE`.execute(trx);
    const b = r.rows[0];
    if (!bm || !b) continue;
    const left = num((b.data ?? {}).lockedQuantity).minus(q);
    await settleRecord(
      trx,
      ctx,
      bm,
      id,
      { ...b.data, lockedQuantity: Number((left.gt(0) ? left : new Big(0)).toString()) },
      b.lines ?? [],
      { userId, checks: false },
    );
  }
}

/**
 * Releases every reservation of a document (it took effect, was refused or withdrawn): each balance's
 * lockedQuantity drops by what this document held, under the balance's lock; the rows go.
 */
export async function releaseReservations(
  trx: TenantTx,
  ctx: Ctx,
  sourceId: number,
  userId: number,
  held?: Reservation[],
) {
  const rows = held ?? (await reservationsOf(trx, ctx, sourceId));
  if (!rows.length) return;
  await lockNames(
    trx,
    rows.map((x) => x.lock_name),
  );
  const byBalance = new Map<number, { module: string; q: Big }>();
  for (const x of rows) {
    const b = byBalance.get(Number(x.balance_id)) ?? { module: x.module, q: new Big(0) };
    b.q = b.q.plus(num(x.quantity));
    byBalance.set(Number(x.balance_id), b);
  }
  await dropLocked(trx, ctx, byBalance, userId);
  await sql`DELETE FROM stock_reservations WHERE tenant_code = ${ctx.tenant} AND source_id = ${sourceId}
    AND id IN (${sql.join(rows.map((x) => Number(x.id)))})`.execute(trx);
}

/**
 * Gives back up to `q` of what a document's line holds, wherever it holds it (a sales order's line, as much as
 * ships): its reservation rows shrink (the rest stays held) and the balances' lockedQuantity drops as much.
 */
async function unreserve(
  trx: TenantTx,
  ctx: Ctx,
  q: Big,
  src: StockSource,
  lineNo: number,
  userId: number,
): Promise<Posted> {
  const r = await sql<Reservation>`SELECT id, module, balance_id, lock_name, quantity FROM stock_reservations
    WHERE tenant_code = ${ctx.tenant} AND source_id = ${src.id} AND line_no = ${lineNo} ORDER BY id`.execute(trx);
  if (!r.rows.length) return { balanceId: null, writeBack: {} };
  await lockNames(
    trx,
    r.rows.map((x) => x.lock_name),
  );
  const byBalance = new Map<number, { module: string; q: Big }>();
  let left = q;
  for (const x of r.rows) {
    if (left.lte(0)) break;
    const held = num(x.quantity);
    const take = held.lt(left) ? held : left;
    left = left.minus(take);
    const b = byBalance.get(Number(x.balance_id)) ?? { module: x.module, q: new Big(0) };
    b.q = b.q.plus(take);
    byBalance.set(Number(x.balance_id), b);
    // Rows are only inserted and deleted: what stays held is a new row.
    await sql`DELETE FROM stock_reservations WHERE tenant_code = ${ctx.tenant} AND id = ${Number(x.id)}`.execute(trx);
    if (held.gt(take)) {
      await sql`INSERT INTO stock_reservations (tenant_code, module, balance_id, lock_name, source_id, line_no, quantity)
        VALUES (${ctx.tenant}, ${x.module}, ${Number(x.balance_id)}, ${x.lock_name}, ${src.id}, ${lineNo}, ${held.minus(take).toString()}::numeric)`.execute(
        trx,
      );
    }
  }
  await dropLocked(trx, ctx, byBalance, userId);
  return { balanceId: Number(r.rows[0].balance_id), writeBack: {} };
}

/** The ledger as the records core asks for it (records/stock-ledger.ts): handed over at start. */
export const ledger: StockLedger = {
  post: postStock,
  reservationsOf,
  release: releaseReservations,
  lockKeys: lockStockKeys,
};
