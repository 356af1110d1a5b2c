import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BatchMsg, BatchStatus, ItemStatus, PoolLedgerMsg, RightsMsg } from '@sbwq/contracts';
import { newId } from '../../../platform/db/ids.ts';
import { RoleId } from '../../../test/harness.ts';
import { sysUserRole } from '../../identity/user/user.table.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { finCapitalPoolLog } from '../../core/ledger/pool.table.ts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';
import { batchRig } from './batch.fixtures.ts';

describe('DOMAIN clue batch flow: review, freeze, enforcement, closure', async () => {
  const s = await batchRig();
  const { rig, a, rightA, reviewer, reviewer2 } = s;
  const call = rig.call;
  const db = rig.database.db;
  const approvalsOf = (bizId: string) => db.select().from(rightsApproval).where(eq(rightsApproval.bizId, bizId)).orderBy(rightsApproval.approveTime);
  const logsOf = (bizNo: string) => db.select().from(finCapitalPoolLog).where(eq(finCapitalPoolLog.bizNo, bizNo)).orderBy(finCapitalPoolLog.seq);
  const noticesOf = (bizId: string) => db.select().from(sysAnnouncement).where(eq(sysAnnouncement.busId, bizId));
  const review = (token: string, id: string, result: string, extra: Record<string, unknown> = {}) =>
    call(token, 'POST', '/rights/threaded/review', { id, result, ...extra });
  await s.setThreshold('2500.00');

  let small = '';
  it('初审 pass at or below the threshold → 待维权, 核定金额 frozen in the pool with its approval record and a notice', async () => {
    small = await s.submitted(a, rightA, 2);
    expect((await review(reviewer.token, small, 'pass', { approvedAmount: '1800' })).message).toBe(BatchMsg.approved);
    const rec = await s.batch(small);
    expect(rec).toMatchObject({ status: BatchStatus.toEnforce, applyAmount: '2000.00', approvedAmount: '1800.00', firstReviewerName: 'rev1-姓名' });
    expect(rec.approveTime).toBeTruthy();
    expect(await approvalsOf(small)).toMatchObject([{ bizType: '4', node: '1', result: '1' }]);
    expect(await logsOf(rec.batchNo)).toMatchObject([{ changeType: '2', amount: '1800.00', bizRef: `batch:${small}`, orgId: a.orgId }]);
    expect((await s.poolOf()).frozenAmount).toBe('1800.00');
    expect(await noticesOf(small)).toMatchObject([{ busType: 'approval_4', openPage: `/rights/batch/detail/${small}` }]);
    const log = (await call(a.token, 'GET', `/rights/threaded/log/list?batchId=${small}`)).result;
    expect(log.map((l: { action: string }) => l.action)).toEqual(['审核', '提交审核', '修改明细', '新增']);
  });

  it('核定金额 above 申请金额 is refused and nothing changes', async () => {
    const id = await s.submitted(a, rightA, 1);
    expect((await review(reviewer.token, id, 'pass', { approvedAmount: '1000.01' })).message).toBe(BatchMsg.approvedTooMuch);
    expect((await s.batch(id)).status).toBe(BatchStatus.pending);
  });

  it('above the threshold 初审 pass → 待复审; the 初审 reviewer may not do 复审; another reviewer passes and freezes', async () => {
    const id = await s.submitted(a, rightA, 3);
    expect((await review(reviewer.token, id, 'pass')).message).toBe(BatchMsg.toSecondReview);
    expect((await s.batch(id)).status).toBe(BatchStatus.secondReview);
    expect((await s.poolOf()).frozenAmount).toBe('1800.00');
    const todo1 = (await call(reviewer.token, 'GET', '/rights/approval/todo?bizType=4')).result.records.map((r: { bizId: string }) => r.bizId);
    const todo2 = (await call(reviewer2.token, 'GET', '/rights/approval/todo?bizType=4')).result.records;
    expect(todo1).not.toContain(id);
    expect(todo2.find((r: { bizId: string }) => r.bizId === id)).toMatchObject({ node: '2', node_dictText: '复审', orgName: expect.any(String) });
    expect((await review(reviewer.token, id, 'pass')).message).toBe(BatchMsg.sameReviewer);
    expect((await review(reviewer2.token, id, 'pass')).message).toBe(BatchMsg.approved);
    expect(await s.batch(id)).toMatchObject({ status: BatchStatus.toEnforce, approvedAmount: '3000.00' });
    expect((await approvalsOf(id)).map((r) => [r.node, r.result])).toEqual([
      ['1', '1'],
      ['2', '1'],
    ]);
    expect((await s.poolOf()).frozenAmount).toBe('4800.00');
  });

  it('退回补正 → editable again (opinion required) → resubmitted; 驳回 → 已驳回', async () => {
    const id = await s.submitted(a, rightA, 1);
    expect((await review(reviewer.token, id, 'returned')).message).toBe(BatchMsg.opinionRequired);
    expect((await review(reviewer.token, id, 'returned', { opinion: '请补充证据' })).message).toBe(BatchMsg.returned);
    expect(await s.batch(id)).toMatchObject({ status: BatchStatus.returned, status_dictText: '退回补正', editable: true });
    expect((await call(a.token, 'PUT', '/rights/threaded/edit', { ...s.form(rightA), id, batchName: '补充后' })).success).toBe(true);
    expect((await call(a.token, 'POST', '/rights/threaded/submit', { id })).success).toBe(true);
    expect((await review(reviewer.token, id, 'reject', { opinion: '证据不足' })).message).toBe(BatchMsg.rejected);
    expect((await s.batch(id)).status).toBe(BatchStatus.rejected);
    expect((await approvalsOf(id)).map((r) => r.result)).toEqual(['3', '2']);
    expect((await review(reviewer.token, id, 'pass')).message).toBe(BatchMsg.notPending);
  });

  it('nobody approves their own submission', async () => {
    await db.insert(sysUserRole).values({ id: newId(), userId: a.userId, roleId: RoleId.reviewer });
    const id = await s.submitted(a, rightA, 1);
    expect((await review(a.token, id, 'pass')).message).toBe(RightsMsg.selfApproval);
    await db.delete(sysUserRole).where(and(eq(sysUserRole.userId, a.userId), eq(sysUserRole.roleId, RoleId.reviewer)));
    expect((await s.batch(id)).status).toBe(BatchStatus.pending);
  });

  it('撤销 before 维权中 gives the frozen amount back; not possible once 维权中', async () => {
    const id = await s.submitted(a, rightA, 1);
    await review(reviewer.token, id, 'pass');
    const frozen = (await s.poolOf()).frozenAmount;
    expect((await call(a.token, 'POST', '/rights/threaded/withdraw', { id, reason: '权利人已和解' })).message).toBe(BatchMsg.withdrawn);
    expect(await s.batch(id)).toMatchObject({ status: BatchStatus.withdrawn, releasedAmount: '1000.00' });
    expect((await s.poolOf()).frozenAmount).toBe((Number(frozen) - 1000).toFixed(2));
    expect((await logsOf((await s.batch(id)).batchNo)).map((l) => l.changeType)).toEqual(['2', '3']);
    expect((await call(a.token, 'POST', '/rights/threaded/startEnforce', { id: small })).message).toBe(BatchMsg.started);
    expect((await call(a.token, 'POST', '/rights/threaded/withdraw', { id: small, reason: '撤销' })).message).toBe(BatchMsg.notWithdrawable);
  });

  it('维权中: progress records, item results only (no adds or deletes), closure once no item is open', async () => {
    expect(
      (await call(a.token, 'POST', '/rights/threaded/progress/add', { batchId: small, node: '3', progressDate: '2026-01-05', description: '已向平台提交投诉' }))
        .message,
    ).toBe(BatchMsg.progressAdded);
    const timeline = (await call(reviewer.token, 'GET', `/rights/threaded/progress/list?batchId=${small}`)).result;
    expect(timeline).toMatchObject([{ node: '3', node_dictText: '提交投诉', description: '已向平台提交投诉' }]);
    const items = (await call(a.token, 'GET', `/rights/threaded/item/list?batchId=${small}`)).result.records;
    expect((await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: small, values: s.items(1, 90), deleteIds: [] })).message).toBe(
      BatchMsg.itemsLocked,
    );
    expect((await call(a.token, 'POST', '/rights/threaded/applyClosure', { id: small, closureSummary: '处理完毕' })).message).toBe(BatchMsg.itemsOpen(2));
    const values = [
      { ...items[0], status: ItemStatus.success, complaintNo: 'TS-1', handleTime: '2026-01-10' },
      { ...items[1], status: ItemStatus.notInfringing },
    ];
    expect((await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: small, values, deleteIds: [] })).success).toBe(true);
    expect((await call(a.token, 'POST', '/rights/threaded/applyClosure', { id: small, closureSummary: '处理完毕' })).message).toBe(BatchMsg.closureApplied);
    expect(await s.batch(small)).toMatchObject({
      status: BatchStatus.closurePending,
      closureResult: '1',
      closureResult_dictText: '全部成功',
      successRate: '100.00',
      successCount: 1,
      notInfringingCount: 1,
    });
    const todo = (await call(reviewer.token, 'GET', '/rights/approval/todo?bizType=5')).result.records;
    expect(todo.map((r: { bizId: string }) => r.bizId)).toContain(small);
  });

  it('结案审核: returned → 维权中; pass → 已结案 and, with a successful item, the frozen amount stays for claims', async () => {
    expect((await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id: small, result: 'returned', opinion: '补充处罚决定书' })).message).toBe(
      BatchMsg.closureReturned,
    );
    expect((await s.batch(small)).status).toBe(BatchStatus.enforcing);
    await call(a.token, 'POST', '/rights/threaded/applyClosure', { id: small, closureSummary: '已补充' });
    expect((await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id: small, result: 'pass' })).message).toBe(BatchMsg.closed);
    const rec = await s.batch(small);
    expect(rec).toMatchObject({ status: BatchStatus.closed, releasedAmount: '0.00', approvedAmount: '1800.00' });
    expect((await logsOf(rec.batchNo)).map((l) => l.changeType)).toEqual(['2']);
    expect((await approvalsOf(small)).filter((r) => r.bizType === '5').map((r) => r.result)).toEqual(['3', '1']);
  });

  it('closure without any successful item releases the whole frozen amount; 成功率 = 成功 ÷ (成功 + 失败)', async () => {
    const id = await s.submitted(a, rightA, 2);
    await review(reviewer.token, id, 'pass');
    await call(a.token, 'POST', '/rights/threaded/startEnforce', { id });
    await s.markItems(a, id, ItemStatus.failed);
    await call(a.token, 'POST', '/rights/threaded/applyClosure', { id, closureSummary: '投诉均未成立' });
    expect(await s.batch(id)).toMatchObject({ closureResult: '3', successRate: '0.00', failedCount: 2 });
    await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id, result: 'pass' });
    const rec = await s.batch(id);
    expect(rec).toMatchObject({ status: BatchStatus.closed, releasedAmount: '2000.00' });
    expect((await logsOf(rec.batchNo)).map((l) => [l.changeType, l.amount])).toEqual([
      ['2', '2000.00'],
      ['3', '2000.00'],
    ]);
  });

  it('not enough pool balance: the approval is refused and nothing changes (status, approval record, log, notice)', async () => {
    const before = await s.poolOf();
    await rig.call(s.finance.token, 'POST', '/rights/capitalPool/adjust', {
      poolId: s.poolId,
      amount: `-${Number(before.balanceAmount) - 500}`,
      reason: '测试：减少余额',
    });
    const id = await s.submitted(a, rightA, 1);
    const res = await review(reviewer.token, id, 'pass');
    expect(res.message).toBe(PoolLedgerMsg.overdraw('500.00'));
    expect(await s.batch(id)).toMatchObject({ status: BatchStatus.pending, approvedAmount: null, approveTime: null });
    expect(await approvalsOf(id)).toEqual([]);
    expect(await noticesOf(id)).toEqual([]);
    expect(await logsOf((await s.batch(id)).batchNo)).toEqual([]);
    expect((await s.poolOf()).frozenAmount).toBe(before.frozenAmount);
  });

  it('refusals out of order: start, progress, closure and its review, withdrawal, another organisation', async () => {
    const id = await s.submitted(a, rightA, 1);
    expect((await call(a.token, 'POST', '/rights/threaded/startEnforce', { id })).message).toBe(BatchMsg.notStartable);
    expect(
      (await call(a.token, 'POST', '/rights/threaded/progress/add', { batchId: id, node: '1', progressDate: '2026-01-01', description: '受理' })).message,
    ).toBe(BatchMsg.notEnforcing);
    expect((await call(a.token, 'POST', '/rights/threaded/applyClosure', { id, closureSummary: '完毕' })).message).toBe(BatchMsg.notEnforcing);
    expect((await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id, result: 'pass' })).message).toBe(BatchMsg.notClosurePending);
    expect((await call(s.b.token, 'POST', '/rights/threaded/withdraw', { id, reason: '试图撤销' })).message).toBe(RightsMsg.notFound);
    expect((await review(reviewer.token, id, 'reject', { opinion: '不予支持' })).success).toBe(true);
    expect((await call(a.token, 'POST', '/rights/threaded/withdraw', { id, reason: '撤销' })).message).toBe(BatchMsg.notWithdrawable);
    expect((await call(a.token, 'POST', '/rights/threaded/review', { id, result: 'pass' })).success).toBe(false);
  });

  it('the freeze is part of the decision: when a later write of the decision fails, the freeze is rolled back with it', async () => {
    // A trigger makes the approval record (written after the freeze) fail for this one opinion.
    await db.execute(
      sql.raw(`create or replace function batch_test_fail() returns trigger language plpgsql as $$
      begin if new.opinion = '触发失败' then raise exception 'approval write failed'; end if; return new; end $$`),
    );
    await db.execute(sql.raw('create trigger batch_test_fail before insert on rights_approval for each row execute function batch_test_fail()'));
    await rig.call(s.finance.token, 'POST', '/rights/capitalPool/deposit', { poolId: s.poolId, amount: '10000' });
    const before = await s.poolOf();
    const id = await s.submitted(a, rightA, 1);
    const res = await review(reviewer.token, id, 'pass', { opinion: '触发失败' });
    await db.execute(sql.raw('drop trigger batch_test_fail on rights_approval'));
    expect(res.success).toBe(false);
    expect(await s.batch(id)).toMatchObject({ status: BatchStatus.pending, approvedAmount: null });
    expect(await logsOf((await s.batch(id)).batchNo)).toEqual([]);
    expect(await s.poolOf()).toMatchObject({ frozenAmount: before.frozenAmount, balanceAmount: before.balanceAmount });
    expect((await review(reviewer.token, id, 'pass')).message).toBe(BatchMsg.approved);
    expect((await logsOf((await s.batch(id)).batchNo)).map((l) => l.changeType)).toEqual(['2']);
  });
});
