import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ClaimStatus, ClaimWindowMsg, fromCents, PoolChangeType, toCents } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { BatchRow } from '../tables/batch.table.ts';
import { finClaim } from '../tables/claim.table.ts';

// The money of one clue batch as the ledger holds it: the batch's approval freezes its amount in the
// pool, claims are paid out of it, closing or withdrawing releases the rest. The batch flow (rights) and
// the claims (finance) both read it.

/** The ledger's biz_ref of a batch's moves. */
export const batchRef = (batchId: string) => `batch:${batchId}`;

/**
 * The key of a batch's release: a withdrawal or a closure happens once per batch; the claim-window job
 * may release again later (after a claim it waited for was decided), so its key also carries the batch's
 * 已解冻 before the release — unique per release, and the same on a re-run that finds nothing new.
 */
/** Why a batch gives its frozen money back: 撤销, 结案 without success, or its 报销申请期限 over (the job). */
export type ReleaseReason = 'withdraw' | 'closure' | 'expired';
/** The pool log's 备注 of each release. */
export const RELEASE_REMARK: Record<ReleaseReason, string> = {
  withdraw: '线索批次撤销解冻',
  closure: '线索批次结案解冻',
  expired: ClaimWindowMsg.ledgerRemark,
};

export const releaseOpKey = (batchId: string, reason: ReleaseReason, releasedBefore: bigint) =>
  `${batchRef(batchId)}:release:${reason}${reason === 'expired' ? `:${fromCents(releasedBefore)}` : ''}`;

/** Claims whose 核定金额 is promised but not yet paid: they hold part of the batch's frozen money. */
export const RESERVING: string[] = [ClaimStatus.toPay, ClaimStatus.payFailed];

/** What the ledger says the batch holds: frozen now, released and paid (sums of its log rows). */
export async function batchLedger(db: Db, poolId: string, batchId: string) {
  const [r] = await rows<{ frozen: string; released: string; paid: string }>(
    db,
    sql`select coalesce(sum(case change_type when ${PoolChangeType.freeze} then amount when ${PoolChangeType.release} then -amount when ${PoolChangeType.deduct} then -amount else 0 end), 0)::text as frozen,
               coalesce(sum(case when change_type = ${PoolChangeType.release} then amount else 0 end), 0)::text as released,
               coalesce(sum(case when change_type = ${PoolChangeType.deduct} then amount else 0 end), 0)::text as paid
          from fin_capital_pool_log where pool_id = ${poolId} and biz_ref = ${batchRef(batchId)}`,
  );
  return { frozen: toCents(r.frozen), released: toCents(r.released), paid: toCents(r.paid) };
}

export const sumApproved = async (db: Db, where: ReturnType<typeof and>) => {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${finClaim.approvedAmount}), 0)::text` })
    .from(finClaim)
    .where(where);
  return toCents(r.total);
};

/** What further claims of the batch may still be approved for: frozen now less approved-but-unpaid claims. */
export async function batchAvailable(db: Db, batch: Pick<BatchRow, 'id' | 'poolId'>, exceptClaimId: string | null = null): Promise<bigint> {
  const { frozen } = await batchLedger(db, batch.poolId, batch.id);
  const reserved = await sumApproved(
    db,
    and(eq(finClaim.batchId, batch.id), inArray(finClaim.status, RESERVING), exceptClaimId ? ne(finClaim.id, exceptClaimId) : undefined),
  );
  return frozen - reserved;
}
