import { and, eq, inArray, ne } from 'drizzle-orm';
import {
  AuditStatus,
  BatchStatus,
  chinaToday,
  claimWindow,
  claimWindowOpen,
  ClaimMsg,
  ClaimStatus,
  ClaimWindowMsg,
  fromCents,
  toCents,
  type InvoiceValue,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { rightsBankAccount, type BankRow } from '../../core/tables/bank.table.ts';
import { rightsBatch, type BatchRow } from '../../core/tables/batch.table.ts';
import { finCapitalPool } from '../../core/ledger/pool.table.ts';
import { batchAvailable, batchLedger, RESERVING, sumApproved } from '../../core/ledger/batch-money.ts';
import { finClaim, finClaimInvoice } from '../../core/tables/claim.table.ts';

/** Batches a claim may be made against (DOMAIN.md: costs of enforcement under way or finished). */
export const CLAIMABLE_BATCH_STATUSES: string[] = [BatchStatus.enforcing, BatchStatus.closed];
/** Refuses a closed batch past its 报销申请期限, naming the closing day and the deadline. */
export function assertClaimWindowOpen(batch: Pick<BatchRow, 'status' | 'closedTime' | 'batchNo'>, now = new Date()) {
  if (batch.status !== BatchStatus.closed || !batch.closedTime || claimWindowOpen(batch.closedTime, chinaToday(now))) return;
  const { closedDate, deadline } = claimWindow(batch.closedTime);
  throw new BizError(ClaimWindowMsg.expired(batch.batchNo, closedDate, deadline));
}

/**
 * The caller's batch a claim may name: its own, 维权中 or 已结案 within its 报销申请期限 (DOMAIN.md claim
 * flow), with money still frozen for it.
 */
export async function claimableBatch(db: Db, orgId: string, batchId: string): Promise<BatchRow> {
  const [batch] = await db
    .select()
    .from(rightsBatch)
    .where(and(eq(rightsBatch.id, batchId), eq(rightsBatch.orgId, orgId), eq(rightsBatch.delFlag, '0'), inArray(rightsBatch.status, CLAIMABLE_BATCH_STATUSES)));
  if (!batch) throw new BizError(ClaimMsg.batchNotClaimable);
  assertClaimWindowOpen(batch);
  const { frozen } = await batchLedger(db, batch.poolId, batch.id);
  if (frozen <= 0n) throw new BizError(ClaimMsg.batchNotClaimable);
  return batch;
}

/** 收款账户: an approved, valid account of the claiming organisation (DOMAIN.md bank account). */
export async function usableBankAccount(db: Db, orgId: string, id: string): Promise<BankRow> {
  const [account] = await db
    .select()
    .from(rightsBankAccount)
    .where(
      and(
        eq(rightsBankAccount.id, id),
        eq(rightsBankAccount.orgId, orgId),
        eq(rightsBankAccount.auditStatus, AuditStatus.approved),
        eq(rightsBankAccount.status, '1'),
        eq(rightsBankAccount.delFlag, '0'),
      ),
    );
  if (!account) throw new BizError(ClaimMsg.bankNotUsable);
  return account;
}

/**
 * Refuses an invoice another claim already holds. The caller's organisation is told which of its own
 * claims holds it; another organisation only that it is claimed — its claim numbers are not theirs to see.
 */
export async function checkInvoicesFree(db: Db, orgId: string, invoices: InvoiceValue[], claimId: string | null) {
  for (const inv of invoices) {
    const [held] = await db
      .select({ claimNo: finClaim.claimNo, orgId: finClaim.orgId })
      .from(finClaimInvoice)
      .innerJoin(finClaim, eq(finClaim.id, finClaimInvoice.claimId))
      .where(
        and(
          eq(finClaimInvoice.invoiceCode, inv.invoiceCode),
          eq(finClaimInvoice.invoiceNo, inv.invoiceNo),
          claimId ? ne(finClaimInvoice.claimId, claimId) : undefined,
        ),
      );
    if (held)
      throw new BizError(
        held.orgId === orgId ? ClaimMsg.invoiceTaken(inv.invoiceCode, inv.invoiceNo, held.claimNo) : ClaimMsg.invoiceClaimed(inv.invoiceCode, inv.invoiceNo),
      );
  }
}

/** After a unique-index refusal (a concurrent save won): the invoice, and the claim holding it when it is the caller's. */
export async function invoiceClash(db: Db, orgId: string, invoices: InvoiceValue[], claimId: string): Promise<BizError> {
  try {
    await checkInvoicesFree(db, orgId, invoices, claimId);
  } catch (error) {
    if (error instanceof BizError) return error;
    throw error;
  }
  return new BizError(ClaimMsg.invoiceClaimed(invoices[0].invoiceCode, invoices[0].invoiceNo));
}

/**
 * 核定金额 limits (DOMAIN.md claim): ≤ 申请金额 − 扣减项; ≤ what the batch still has frozen less the other
 * approved-but-unpaid claims; ≤ the pool's 单机构上限 less what the organisation's other claims in the
 * pool were approved for. Call with the batch row locked, so two approvals of one batch queue.
 */
export async function checkApproved(t: Db, claim: typeof finClaim.$inferSelect, approved: string) {
  const cents = toCents(approved);
  const net = toCents(claim.applyAmount) - toCents(claim.deductions);
  if (cents > net) throw new BizError(ClaimMsg.approvedOverNet(fromCents(net)));
  const left = await batchAvailable(t, { id: claim.batchId, poolId: claim.poolId }, claim.id);
  if (cents > left) throw new BizError(ClaimMsg.approvedOverFrozen(fromCents(left < 0n ? 0n : left)));
  const [pool] = await t.select({ orgCap: finCapitalPool.orgCap }).from(finCapitalPool).where(eq(finCapitalPool.id, claim.poolId));
  if (pool?.orgCap != null) {
    const used = await sumApproved(
      t,
      and(
        eq(finClaim.orgId, claim.orgId),
        eq(finClaim.poolId, claim.poolId),
        inArray(finClaim.status, [...RESERVING, ClaimStatus.paid]),
        ne(finClaim.id, claim.id),
      ),
    );
    const capLeft = toCents(pool.orgCap) - used;
    if (cents > capLeft) throw new BizError(ClaimMsg.approvedOverCap(fromCents(capLeft < 0n ? 0n : capLeft)));
  }
}

/** Locks the claim's batch row: approvals and payments of one batch are taken one at a time. */
export async function lockBatch(t: Db, batchId: string) {
  await t.select({ id: rightsBatch.id }).from(rightsBatch).where(eq(rightsBatch.id, batchId)).for('update');
}
