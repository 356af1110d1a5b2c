import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ClaimMsg, ClaimStatus, PoolChangeType } from '@sbwq/contracts';
import { dbKind, RoleId } from '../../../test/harness.ts';
import { finCapitalPoolLog } from '../../core/ledger/pool.table.ts';
import { claimRig } from './claim.fixtures.ts';
import { finClaim, finClaimPayment } from '../../core/tables/claim.table.ts';

const BASE = '/rights/financeRecord';

// On PGlite the requests queue on one connection; on PostgreSQL (TEST_DB=postgres) each runs on its own.
describe(`DOMAIN claim payment under concurrent requests on ${dbKind}`, async () => {
  const s = await claimRig({ orgCap: '60000' });
  const { rig, a, b, reviewer, finance } = s;
  const call = rig.call;
  const db = rig.database.db;
  const finance2 = await rig.staff('fin2', [RoleId.finance]);
  const deducts = async (claimNo: string) =>
    db
      .select()
      .from(finCapitalPoolLog)
      .where(and(eq(finCapitalPoolLog.bizNo, claimNo), eq(finCapitalPoolLog.changeType, PoolChangeType.deduct)));

  it('two finance users paying the same claim at once: paid once, one 扣减 row, one payment record', async () => {
    const id = await s.claimOf('300');
    await s.toPay(id);
    const answers = await Promise.all([
      call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(id)),
      call(finance2.token, 'POST', `${BASE}/payment/pay`, await s.payBody(id)),
    ]);
    expect(answers.filter((r) => r.success)).toHaveLength(1);
    const rec = await s.claim(id);
    expect(rec.status).toBe(ClaimStatus.paid);
    expect(await deducts(rec.claimNo)).toHaveLength(1);
    expect(await db.select().from(finClaimPayment).where(eq(finClaimPayment.claimId, id))).toHaveLength(1);
  });

  it('the same payment sent twice at once (a retry after a timeout): both answered as paid, booked once', async () => {
    const id = await s.claimOf('250');
    await s.toPay(id);
    const body = await s.payBody(id);
    const answers = await Promise.all([call(finance.token, 'POST', `${BASE}/payment/pay`, body), call(finance.token, 'POST', `${BASE}/payment/pay`, body)]);
    expect(answers.every((r) => r.success)).toBe(true);
    expect(await deducts((await s.claim(id)).claimNo)).toHaveLength(1);
  });

  it('paying more than the batch has frozen is impossible, however the payments race', async () => {
    const batch = await s.enforcing(a, s.rightA, 1);
    const ids = [await s.claimOf('600', { batchId: batch }), await s.claimOf('600', { batchId: batch })];
    await s.toPay(ids[0]);
    await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id: ids[1], result: 'pass', approvedAmount: '400' });
    await call(finance.token, 'POST', `${BASE}/financeReview`, { id: ids[1], result: 'pass' });
    // a 核定金额 forced past the review's limit (as if written by an older version): the ledger still holds
    await db.update(finClaim).set({ approvedAmount: '600.00' }).where(eq(finClaim.id, ids[1]));
    const answers = await Promise.all(ids.map(async (id, i) => call(i ? finance2.token : finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(id))));
    expect(answers.filter((r) => r.success)).toHaveLength(1);
    const summary = (await call(finance.token, 'GET', `${BASE}/batchSummary?batchId=${batch}`)).result;
    expect(summary).toMatchObject({ paid: '600.00', frozen: '400.00' });
  });

  it('two claims approved at once against one batch cannot promise the same frozen money', async () => {
    const batch = await s.enforcing(a, s.rightA, 1);
    const ids = [await s.claimOf('700', { batchId: batch }), await s.claimOf('700', { batchId: batch })];
    for (const id of ids) await call(reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass' });
    const answers = await Promise.all(ids.map((id, i) => call(i ? finance2.token : finance.token, 'POST', `${BASE}/financeReview`, { id, result: 'pass' })));
    expect(answers.filter((r) => r.success)).toHaveLength(1);
    expect(answers.find((r) => !r.success)!.message).toBe(ClaimMsg.approvedOverFrozen('300.00'));
  });

  it('the same invoice saved by two organisations at once: one claim holds it', async () => {
    const inv = await s.invoice(a, '90');
    const answers = await Promise.all([
      call(a.token, 'POST', `${BASE}/add`, await s.form(a, s.batchA, s.bankA, '90', { invoices: [inv] })),
      call(b.token, 'POST', `${BASE}/add`, await s.form(b, s.batchB, s.bankB, '90', { invoices: [{ ...inv, files: (await s.invoice(b, '1')).files }] })),
    ]);
    expect(answers.filter((r) => r.success)).toHaveLength(1);
    expect(answers.find((r) => !r.success)!.message).toContain(inv.invoiceNo);
  });

  it('reconciliation is clean after the races', async () => {
    expect((await call(finance.token, 'GET', '/rights/capitalPool/reconcile')).result.differences).toEqual([]);
  });
});
