import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  fromCents,
  positiveMoney,
  PoolChangeType,
  PoolLedgerMsg,
  toCents,
  type LedgerResult,
  type PoolAccount,
  type PoolChangeTypeValue,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { countLedgerOperation } from '../../../platform/metrics/metrics.ts';
import { finCapitalPool } from './pool.table.ts';

/**
 * The money ledger every module books through. Each operation is one transaction (a savepoint inside a
 * caller's transaction) that locks the pool row, checks, moves the amount between two of the pool's
 * accounts and appends the log row; the pool lock orders all writers of one pool, in this process or
 * another. Every operation carries a key; the unique index on it makes a repeat — a retried request, a
 * second process — answer the first result instead of booking twice.
 */

export type PoolRow = typeof finCapitalPool.$inferSelect;

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
  /** when the business event happened; only the demo seed books events of the past, everything else books now */
  at?: Date;
  /** who took the step when no session books it (the demo seed); a session's user always wins */
  by?: string;
};

export type { LedgerResult };

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

/** Not a type guard on purpose: narrowing would lose the schema's type. */
const isTransaction = (db: Db): boolean => db instanceof PgTransaction;

/** `deposit`, `freeze`… for the metrics, where a label should read without the dictionary. */
const CHANGE_NAMES = Object.fromEntries(Object.entries(PoolChangeType).map(([name, code]) => [code, name])) as Record<PoolChangeTypeValue, string>;

type Booking = Omit<LedgerRequest, 'amount' | 'poolId'>;

/** The function's refusals, `<reason>[:<amount>]`, as the Chinese messages. */
const REFUSALS: Record<string, (amount: string) => string> = {
  notFound: () => PoolLedgerMsg.notFound,
  keyReused: () => PoolLedgerMsg.keyReused,
  settled: () => PoolLedgerMsg.settled,
  paused: () => PoolLedgerMsg.paused,
  notActive: () => PoolLedgerMsg.notActive,
  bizRefRequired: () => PoolLedgerMsg.bizRefRequired,
  overdraw: PoolLedgerMsg.overdraw,
  adjustBelowZero: PoolLedgerMsg.adjustBelowZero,
  releaseTooMuch: PoolLedgerMsg.releaseTooMuch,
  deductTooMuch: PoolLedgerMsg.deductTooMuch,
  refundTooMuch: PoolLedgerMsg.refundTooMuch,
  totalOverColumn: PoolLedgerMsg.totalOverColumn,
};

function refusal(code: string): BizError {
  const [reason, amount = '0.00'] = code.split(':');
  const message = REFUSALS[reason];
  if (!message) throw new Error(`fin_capital_pool_book: unknown refusal ${code}`);
  return new BizError(message(amount));
}

type BookedRow = {
  id: string;
  pool_id: string;
  seq: number;
  change_type: string;
  amount: string;
  from_account: string;
  to_account: string;
  balance_after: string;
  frozen_after: string;
  used_after: string;
  total_after: string;
  repeated: boolean;
  refusal: string | null;
};

const resultOf = (row: BookedRow): LedgerResult => ({
  logId: row.id,
  poolId: row.pool_id,
  seq: row.seq,
  changeType: row.change_type as PoolChangeTypeValue,
  amount: row.amount,
  fromAccount: row.from_account as PoolAccount,
  toAccount: row.to_account as PoolAccount,
  balanceAfter: row.balance_after,
  frozenAfter: row.frozen_after,
  usedAfter: row.used_after,
  totalAfter: row.total_after,
  repeated: row.repeated,
});

/**
 * One booking through `fin_capital_pool_book` (migration 0010, its column limit 0015): lock, checks, both account moves and
 * the log row in one statement. Outside a transaction that statement is the transaction; inside a
 * caller's, a savepoint keeps a key clash (the only error it raises) from aborting the caller's work.
 */
async function book(db: Db, user: SessionUser | null, poolId: string, move: Move, cents: bigint, req: Booking, checked: boolean): Promise<LedgerResult> {
  if (!req.opKey || req.opKey.length > 128) throw new BizError('缺少业务键');
  const call = sql`select * from fin_capital_pool_book(${poolId}, ${move.type}, ${move.from}, ${move.to}, ${fromCents(cents)}::numeric,
    ${req.opKey}, ${req.bizRef ?? null}, ${req.bizNo ?? null}, ${req.orgId ?? null}, ${req.orgName ?? null},
    ${req.remark ?? null}, ${(user?.username ?? req.by ?? 'system').slice(0, 32)}, ${newId()}, ${(req.at ?? new Date()).toISOString()}::timestamptz, ${checked})`;
  const inTransaction = isTransaction(db);
  const run = async (): Promise<BookedRow> => {
    const [row] = inTransaction ? await db.transaction((sp) => rows<BookedRow>(sp, call)) : await rows<BookedRow>(db, call);
    return row;
  };
  const answer = async () => {
    const row = await run();
    countLedgerOperation(CHANGE_NAMES[move.type], row.refusal ? 'refused' : row.repeated ? 'repeated' : 'booked');
    if (row.refusal) throw refusal(row.refusal);
    return resultOf(row);
  };
  try {
    return await answer();
  } catch (error) {
    // The same key booked in another pool at the same moment: the unique index kept one, this
    // statement rolled back whole, and asking again answers that first booking (or refuses a reuse).
    if (isUniqueViolation(error)) return answer();
    throw error;
  }
}

/**
 * Moves `cents` between two accounts of a pool the caller has locked, without the business checks;
 * the pool service books what its own state changes imply (initial total, settlement write-off).
 * `pool` is brought up to date with the booking.
 */
export async function bookMove(tx: Db, user: SessionUser | null, pool: PoolRow, move: Move, cents: bigint, req: Booking): Promise<LedgerResult> {
  const result = await book(tx, user, pool.id, move, cents, req, false);
  Object.assign(pool, { totalAmount: result.totalAfter, frozenAmount: result.frozenAfter, usedAmount: result.usedAfter, logSeq: result.seq });
  return result;
}

const apply = (db: Db, user: SessionUser | null, move: Move, req: LedgerRequest, cents: bigint) => book(db, user, req.poolId, move, cents, req, true);

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
