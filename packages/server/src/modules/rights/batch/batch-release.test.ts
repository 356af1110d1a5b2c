import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BatchMsg, BatchStatus, ClaimStatus, fromCents, ItemStatus, toCents } from '@sbwq/contracts';
import { finCapitalPoolLog } from '../../core/ledger/pool.table.ts';
import { claimRig } from '../../finance/claim/claim.fixtures.ts';

const PAY = '/rights/financeRecord/payment/pay';

describe('DOMAIN clue batch: closure and 撤销 release what the ledger still holds frozen for the batch, not 核定 − 已解冻', async () => {
  const s = await claimRig({ total: '100000', orgCap: null });
  const { rig, a, reviewer, finance } = s;
  const call = rig.call;
  const db = rig.database.db;
  const movesOf = async (batchNo: string) =>
    (await db.select().from(finCapitalPoolLog).where(eq(finCapitalPoolLog.bizNo, batchNo)).orderBy(finCapitalPoolLog.seq)).map((l) => [l.changeType, l.amount]);
  const claimMoves = async (batchId: string) =>
    (
      await db
        .select()
        .from(finCapitalPoolLog)
        .where(eq(finCapitalPoolLog.bizRef, `batch:${batchId}`))
        .orderBy(finCapitalPoolLog.seq)
    ).map((l) => [l.changeType, l.amount]);
  const lastLog = async (id: string) => (await call(a.token, 'GET', `/rights/threaded/log/list?batchId=${id}`)).result[0].detail;
  const allFailed = async (id: string) => {
    await s.markItems(a, id, ItemStatus.failed);
    expect((await call(a.token, 'POST', '/rights/threaded/applyClosure', { id, closureSummary: '投诉均未成立' })).message).toBe(BatchMsg.closureApplied);
  };
  const paid = async (amount: string, batchId: string) => {
    const id = await s.claimOf(amount, { batchId });
    await s.toPay(id);
    const res = await call(finance.token, 'POST', PAY, await s.payBody(id));
    expect(res.success).toBe(true);
    return id;
  };

  it('核定 3,001.00, a claim of 500.00 paid, every item 失败: closure passes and releases the 2,501.00 still frozen', async () => {
    const id = await s.submitted(a, s.rightA, 4);
    expect((await call(reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'pass', approvedAmount: '3001' })).success).toBe(true);
    expect((await call(a.token, 'POST', '/rights/threaded/startEnforce', { id })).success).toBe(true);
    await paid('500', id);
    const frozenBefore = (await s.poolOf()).frozenAmount;
    await allFailed(id);
    const res = await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id, result: 'pass' });
    expect(res.message).toBe(BatchMsg.closed);
    const rec = await s.batch(id);
    expect(rec).toMatchObject({ status: BatchStatus.closed, approvedAmount: '3001.00', releasedAmount: '2501.00' });
    expect(await claimMoves(id)).toEqual([
      ['2', '3001.00'],
      ['4', '500.00'],
      ['3', '2501.00'],
    ]);
    expect(await lastLog(id)).toBe('结案审核通过；无成功线索，解冻 2,501.00 元');
    expect((await s.poolOf()).frozenAmount).toBe(fromCents(toCents(frozenBefore) - toCents('2501.00')));
  });

  it('a claim approved but not yet paid keeps its money frozen through a closure without success, and is paid afterwards', async () => {
    const id = await s.enforcing(a, s.rightA, 2);
    const waiting = await s.claimOf('700', { batchId: id });
    await s.toPay(waiting);
    await allFailed(id);
    expect((await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id, result: 'pass' })).message).toBe(BatchMsg.closed);
    expect(await s.batch(id)).toMatchObject({ status: BatchStatus.closed, releasedAmount: '1300.00' });
    expect(await lastLog(id)).toBe('结案审核通过；无成功线索，解冻 1,300.00 元，待付款报销单保留 700.00 元');
    expect((await call(finance.token, 'POST', PAY, await s.payBody(waiting))).success).toBe(true);
    expect((await s.claim(waiting)).status).toBe(ClaimStatus.paid);
    expect(await claimMoves(id)).toEqual([
      ['2', '2000.00'],
      ['3', '1300.00'],
      ['4', '700.00'],
    ]);
  });

  it('撤销 after approval releases exactly what the ledger holds for the batch', async () => {
    const id = await s.submitted(a, s.rightA, 2);
    expect((await call(reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'pass', approvedAmount: '1500.50' })).success).toBe(true);
    expect((await call(a.token, 'POST', '/rights/threaded/withdraw', { id, reason: '已和解' })).message).toBe(BatchMsg.withdrawn);
    const rec = await s.batch(id);
    expect(rec).toMatchObject({ status: BatchStatus.withdrawn, releasedAmount: '1500.50' });
    expect(await movesOf(rec.batchNo)).toEqual([
      ['2', '1500.50'],
      ['3', '1500.50'],
    ]);
    expect(await lastLog(id)).toBe('撤销原因：已和解；解冻 1,500.50 元');
  });
});
