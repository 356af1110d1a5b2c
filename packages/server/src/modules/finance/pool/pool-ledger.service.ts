import { and, eq, sql } from 'drizzle-orm';
import {
  fromCents,
  positiveMoney,
  PoolChangeType,
  PoolLedgerMsg,
  PoolStatus,
  toCents,
  type PoolAccount,
  type PoolChangeTypeValue,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { finCapitalPool, finCapitalPoolLog } from './pool.table.ts';

/**
 * The money ledger every module books through. Each operation is one transaction (a savepoint inside a
 * caller's transaction) that locks the pool row, checks, moves the amount between two of the pool's
 * accounts and appends the log row; the pool lock orders all writers of one pool, in this process or
 * another. Every operation carries a key; the unique index on it makes a repeat — a retried request, a
 * second process — answer the first result instead of booking twice.
 */

export type PoolRow = typeof finCapitalPool.$inferSelect;
type LogRow = typeof finCapitalPoolLog.$inferSelect;

export type LedgerRequest = {
  poolId: string;
  /** a positive decimal with at most 2 places, as text (`"1200.50"`) */
  amount: string;
  /** business type + id + operation, e.g. `batch:<id>:freeze`; unique across the ledger */
  opKey: string;
  /** the business the money is held for (`batch:<id>`): release, deduct and refund draw on what it froze */
  bizRef?: string | null;
  bizNo?: string | null;
  orgId?: string | null;
  orgName?: string | null;
  remark?: string | null;
};

export type LedgerResult = {
  logId: string;
  poolId: string;
  seq: number;
  changeType: PoolChangeTypeValue;
  amount: string;
  fromAccount: PoolAccount;
  toAccount: PoolAccount;
  balanceAfter: string;
  frozenAfter: string;
  usedAfter: string;
  totalAfter: string;
  /** true when the key had been booked before and this answer is that first result */
  repeated: boolean;
};

type Move = { type: PoolChangeTypeValue; from: PoolAccount; to: PoolAccount };

const MOVES = {
  deposit: { type: PoolChangeType.deposit, from: 'external', to: 'available' },
  freeze: { type: PoolChangeType.freeze, from: 'available', to: 'frozen' },
  release: { type: PoolChangeType.release, from: 'frozen', to: 'available' },
  deduct: { type: PoolChangeType.deduct, from: 'frozen', to: 'used' },
  refund: { type: PoolChangeType.refund, from: 'used', to: 'available' },
  adjustUp: { type: PoolChangeType.adjust, from: 'external', to: 'available' },
  adjustDown: { type: PoolChangeType.adjust, from: 'available', to: 'external' },
} as const satisfies Record<string, Move>;

const resultOf = (row: LogRow, repeated: boolean): LedgerResult => ({
  logId: row.id,
  poolId: row.poolId,
  seq: row.seq,
  changeType: row.changeType as PoolChangeTypeValue,
  amount: row.amount,
  fromAccount: row.fromAccount as PoolAccount,
  toAccount: row.toAccount as PoolAccount,
  balanceAfter: row.balanceAfter,
  frozenAfter: row.frozenAfter,
  usedAfter: row.usedAfter,
  totalAfter: row.totalAfter,
  repeated,
});

export function parseAmount(amount: string): bigint {
  const parsed = positiveMoney.safeParse(amount);
  if (!parsed.success) throw new BizError(PoolLedgerMsg.amount);
  return toCents(parsed.data);
}

/** The pool row, locked until the transaction ends. */
export async function lockPool(tx: Db, poolId: string): Promise<PoolRow> {
  const [pool] = await tx.select().from(finCapitalPool).where(eq(finCapitalPool.id, poolId)).for('update');
  if (!pool) throw new BizError(PoolLedgerMsg.notFound);
  return pool;
}

/** A repeat answers the first result, but only if it asks for the same thing. */
function sameOperation(row: LogRow, poolId: string, move: Move, cents: bigint): boolean {
  return row.poolId === poolId && row.changeType === move.type && row.fromAccount === move.from && row.toAccount === move.to && toCents(row.amount) === cents;
}

async function findByKey(db: Db, opKey: string): Promise<LogRow | undefined> {
  const [row] = await db.select().from(finCapitalPoolLog).where(eq(finCapitalPoolLog.opKey, opKey));
  return row;
}

/** What a business reference holds in a pool: frozen and not yet released or paid, and paid and not yet refunded. */
async function holdsOf(tx: Db, poolId: string, bizRef: string): Promise<{ frozen: bigint; paid: bigint }> {
  const sums = await tx
    .select({ type: finCapitalPoolLog.changeType, total: sql<string>`sum(${finCapitalPoolLog.amount})` })
    .from(finCapitalPoolLog)
    .where(and(eq(finCapitalPoolLog.poolId, poolId), eq(finCapitalPoolLog.bizRef, bizRef)))
    .groupBy(finCapitalPoolLog.changeType);
  const of = (type: string) => toCents(sums.find((s) => s.type === type)?.total ?? '0');
  return {
    frozen: of(PoolChangeType.freeze) - of(PoolChangeType.release) - of(PoolChangeType.deduct),
    paid: of(PoolChangeType.deduct) - of(PoolChangeType.refund),
  };
}

/** Refusals that depend on the pool's state; the pool row is locked. */
async function check(tx: Db, pool: PoolRow, move: Move, cents: bigint, req: LedgerRequest): Promise<void> {
  if (pool.status === PoolStatus.settled) throw new BizError(PoolLedgerMsg.settled);
  if (pool.status === PoolStatus.paused) throw new BizError(PoolLedgerMsg.paused);
  const funding = move.type === PoolChangeType.deposit || move.type === PoolChangeType.adjust;
  if (!funding && pool.status !== PoolStatus.active) throw new BizError(PoolLedgerMsg.notActive);
  const balance = toCents(pool.totalAmount) - toCents(pool.usedAmount) - toCents(pool.frozenAmount);
  if (move.from === 'available' && cents > balance) {
    throw new BizError(move.type === PoolChangeType.adjust ? PoolLedgerMsg.adjustBelowZero(fromCents(balance)) : PoolLedgerMsg.overdraw(fromCents(balance)));
  }
  if (move.from === 'frozen' || move.from === 'used') {
    if (!req.bizRef) throw new BizError(PoolLedgerMsg.bizRefRequired);
    const held = await holdsOf(tx, pool.id, req.bizRef);
    if (move.type === PoolChangeType.release && cents > held.frozen) throw new BizError(PoolLedgerMsg.releaseTooMuch(fromCents(held.frozen)));
    if (move.type === PoolChangeType.deduct && cents > held.frozen) throw new BizError(PoolLedgerMsg.deductTooMuch(fromCents(held.frozen)));
    if (move.type === PoolChangeType.refund && cents > held.paid) throw new BizError(PoolLedgerMsg.refundTooMuch(fromCents(held.paid)));
  }
  if (move.type === PoolChangeType.freeze && !req.bizRef) throw new BizError(PoolLedgerMsg.bizRefRequired);
}

/**
 * Moves `cents` between two accounts of a locked pool and appends the log row; no checks beyond the
 * database's own. The pool service uses it for bookings its own state changes imply (initial total,
 * settlement write-off).
 */
export async function bookMove(
  tx: Db,
  user: SessionUser | null,
  pool: PoolRow,
  move: Move,
  cents: bigint,
  req: Omit<LedgerRequest, 'amount' | 'poolId'> & { at?: Date },
): Promise<LogRow> {
  const account = { available: toCents(pool.totalAmount) - toCents(pool.usedAmount) - toCents(pool.frozenAmount), frozen: toCents(pool.frozenAmount), used: toCents(pool.usedAmount) };
  const total = toCents(pool.totalAmount);
  const before = account.available;
  if (move.from !== 'external') account[move.from] -= cents;
  if (move.to !== 'external') account[move.to] += cents;
  const totalAfter = total + (move.from === 'external' ? cents : 0n) - (move.to === 'external' ? cents : 0n);
  const seq = pool.logSeq + 1;
  const now = req.at ?? new Date();
  await tx
    .update(finCapitalPool)
    .set({ totalAmount: fromCents(totalAfter), frozenAmount: fromCents(account.frozen), usedAmount: fromCents(account.used), logSeq: seq, updateBy: user?.username.slice(0, 32) ?? 'system', updateTime: now })
    .where(eq(finCapitalPool.id, pool.id));
  const [row] = await tx
    .insert(finCapitalPoolLog)
    .values({
      id: newId(),
      poolId: pool.id,
      poolCode: pool.poolCode,
      seq,
      changeType: move.type,
      amount: fromCents(cents),
      fromAccount: move.from,
      toAccount: move.to,
      balanceBefore: fromCents(before),
      balanceAfter: fromCents(account.available),
      totalAfter: fromCents(totalAfter),
      frozenAfter: fromCents(account.frozen),
      usedAfter: fromCents(account.used),
      bizRef: req.bizRef ?? null,
      bizNo: req.bizNo ?? null,
      opKey: req.opKey,
      orgId: req.orgId ?? null,
      orgName: req.orgName ?? null,
      remark: req.remark ?? null,
      createBy: user?.username.slice(0, 32) ?? 'system',
      createTime: now,
    })
    .returning();
  Object.assign(pool, { totalAmount: row.totalAfter, frozenAmount: row.frozenAfter, usedAmount: row.usedAfter, logSeq: seq });
  return row;
}

async function apply(db: Db, user: SessionUser | null, move: Move, req: LedgerRequest, cents: bigint): Promise<LedgerResult> {
  if (!req.opKey || req.opKey.length > 128) throw new BizError('缺少业务键');
  const repeatOf = (row: LogRow) => {
    if (!sameOperation(row, req.poolId, move, cents)) throw new BizError(PoolLedgerMsg.keyReused);
    return resultOf(row, true);
  };
  // Looked up before the lock, so a repeat never waits for the pool and the lock is held for less.
  const known = await findByKey(db, req.opKey);
  if (known) return repeatOf(known);
  try {
    return await db.transaction(async (tx) => {
      const pool = await lockPool(tx, req.poolId);
      await check(tx, pool, move, cents, req);
      return resultOf(await bookMove(tx, user, pool, move, cents, req), false);
    });
  } catch (error) {
    // The same key booked by another caller since the look-up: the unique index kept it once, and
    // this transaction rolled back whole.
    if (!isUniqueViolation(error)) throw error;
    const done = await findByKey(db, req.opKey);
    if (!done) throw error;
    return repeatOf(done);
  }
}

/** 入账: money from outside into the pool's available balance. */
export const deposit = (db: Db, user: SessionUser | null, req: LedgerRequest) => apply(db, user, MOVES.deposit, req, parseAmount(req.amount));

/** 调整: a signed correction of the total through the available balance; finance only, with its reason. */
export function adjust(db: Db, user: SessionUser | null, req: LedgerRequest & { amount: string }): Promise<LedgerResult> {
  if (!req.remark?.trim()) throw new BizError(PoolLedgerMsg.reasonRequired);
  const negative = req.amount.trim().startsWith('-');
  const cents = parseAmount(negative ? req.amount.trim().slice(1) : req.amount);
  return apply(db, user, negative ? MOVES.adjustDown : MOVES.adjustUp, req, cents);
}

/** 冻结: reserve part of the available balance for a business reference. */
export const freeze = (db: Db, user: SessionUser | null, req: LedgerRequest) => apply(db, user, MOVES.freeze, req, parseAmount(req.amount));
/** 解冻: give back to the available balance what a reference froze. */
export const release = (db: Db, user: SessionUser | null, req: LedgerRequest) => apply(db, user, MOVES.release, req, parseAmount(req.amount));
/** 扣减(支付): pay out of what a reference froze. */
export const deduct = (db: Db, user: SessionUser | null, req: LedgerRequest) => apply(db, user, MOVES.deduct, req, parseAmount(req.amount));
/** 退回: money a reference paid comes back to the available balance. */
export const refund = (db: Db, user: SessionUser | null, req: LedgerRequest) => apply(db, user, MOVES.refund, req, parseAmount(req.amount));

export const LEDGER_MOVES = MOVES;
