import { describe, expect, it } from 'vitest';
import { MONITOR_TODAY_PATH, TASK_THROUGHPUT_PATH } from '@sbwq/contracts';
import { createTestApp, json, RoleId } from '../../test/harness.ts';
import { newId } from '../../platform/db/ids.ts';
import { rightsApproval } from '../core/approval/approval.table.ts';
import { rightsBatch } from '../core/tables/batch.table.ts';
import { finClaim } from '../core/tables/claim.table.ts';
import { monitorToday } from './task-monitor.service.ts';

const at = (text: string) => new Date(`${text}+08:00`);

describe('任务/图表 and 监控 statistics (spec §2 view group dashboard: task/chart index, monitor; DOMAIN dashboard statistics)', async () => {
  const t = await createTestApp();
  const { db } = t.database;
  await t.createUser({ username: 'tm.rev', password: 'Stats123456', roleIds: [RoleId.reviewer] });
  await t.createUser({ username: 'tm.org', password: 'Stats123456', roleIds: [RoleId.agency] });
  const reviewer = t.as(await t.loginAs('tm.rev', 'Stats123456'));
  const agency = t.as(await t.loginAs('tm.org', 'Stats123456'));

  const decision = (time: string, result: string, approverId = 'u-rev-1') =>
    db.insert(rightsApproval).values({ id: newId(), bizType: '4', bizId: newId(), node: '1', result, approverId, approverName: '张审', approveTime: at(time) });
  const batch = (n: number, reviewer: [string, string], submit: string, approve: string | null, closed: string | null) =>
    db.insert(rightsBatch).values({
      id: newId(),
      batchNo: `XS-TM-${n}`,
      batchName: `批次${n}`,
      orgId: 'org-1',
      orgName: '星河商贸',
      rightIds: 'r1',
      rightNames: '星河',
      infringeType: '1',
      clueSource: '1',
      platform: '1',
      rightsMethod: '1',
      poolId: 'pool-1',
      status: closed ? '9' : '3',
      submitTime: at(submit),
      firstReviewerId: reviewer[0],
      firstReviewerName: reviewer[1],
      approveTime: approve ? at(approve) : null,
      closedTime: closed ? at(closed) : null,
    });

  // China days: 23:30 on the 2nd (15:30 UTC) belongs to the 2nd, 00:10 on the 3rd (16:10 UTC the 2nd) to the 3rd
  await decision('2026-03-02T09:00:00', '1');
  await decision('2026-03-02T23:30:00', '2');
  await decision('2026-03-03T00:10:00', '1');
  await decision('2026-03-05T10:00:00', '3');
  await decision('2026-03-06T10:00:00', '1');
  await batch(1, ['u-rev-1', '张审'], '2026-03-01T10:00:00', '2026-03-03T10:00:00', '2026-03-11T10:00:00');
  await batch(2, ['u-rev-1', '张审'], '2026-03-02T10:00:00', '2026-03-03T22:00:00', null);
  await batch(3, ['u-rev-1', '张审'], '2026-03-04T10:00:00', null, null);
  await batch(4, ['u-rev-2', '李审'], '2026-03-05T08:00:00', '2026-03-05T20:00:00', '2026-03-08T08:00:00');
  await batch(5, ['u-rev-2', '李审'], '2026-02-27T08:00:00', '2026-03-02T08:00:00', null);

  it('counts the decisions of every China day in the range (0 on a quiet day) and, per 初审人, the batches submitted in it with their average days to 审核通过 and to 结案', async () => {
    const res = json(await reviewer('GET', `${TASK_THROUGHPUT_PATH}?startDate=2026-03-01&endDate=2026-03-05`));
    expect(res.success).toBe(true);
    expect(res.result.days).toEqual([
      { date: '2026-03-01', decisions: 0, approved: 0, rejected: 0 },
      { date: '2026-03-02', decisions: 2, approved: 1, rejected: 1 },
      { date: '2026-03-03', decisions: 1, approved: 1, rejected: 0 },
      { date: '2026-03-04', decisions: 0, approved: 0, rejected: 0 },
      { date: '2026-03-05', decisions: 1, approved: 0, rejected: 1 },
    ]);
    expect(res.result.reviewers).toEqual([
      // 2 days and 1.5 days → 1.75 → 1.8; one closed after 10 days
      { reviewerId: 'u-rev-1', reviewerName: '张审', batches: 3, approvedBatches: 2, avgDaysToApprove: 1.8, closedBatches: 1, avgDaysToClose: 10 },
      // batch 5 was submitted before the range
      { reviewerId: 'u-rev-2', reviewerName: '李审', batches: 1, approvedBatches: 1, avgDaysToApprove: 0.5, closedBatches: 1, avgDaysToClose: 3 },
    ]);
  });

  it('refuses a range that ends before it starts, and an organisation user', async () => {
    const backwards = json(await reviewer('GET', `${TASK_THROUGHPUT_PATH}?startDate=2026-03-05&endDate=2026-03-01`));
    expect(backwards.success).toBe(false);
    expect(backwards.message).toContain('开始日期不能晚于结束日期');
    expect(json(await agency('GET', `${TASK_THROUGHPUT_PATH}?startDate=2026-03-01&endDate=2026-03-05`)).success).toBe(false);
    expect(json(await agency('GET', MONITOR_TODAY_PATH)).success).toBe(false);
  });

  it('监控 今日付款: the claims 已付款 whose 付款日期 is today and their 核定金额 — what 付款管理 lists for 已付款 on that date', async () => {
    const claim = (n: number, status: string, payDate: string | null, approvedAmount: string) =>
      db.insert(finClaim).values({
        id: newId(),
        claimNo: `BX-TM-${n}`,
        batchId: 'b1',
        batchNo: 'XS-TM-1',
        batchName: '批次1',
        poolId: 'pool-1',
        orgId: 'org-1',
        orgName: '星河商贸',
        expenseType: '1',
        applyAmount: approvedAmount,
        approvedAmount,
        invoiceTotal: approvedAmount,
        bankAccountId: 'bank-1',
        status,
        payDate,
        serialNo: payDate ? `LS-TM-${n}` : null,
        // recorded on the 6th for a transfer made on the 5th: it belongs to the 5th, as the list's 付款日期 says
        paidTime: at('2026-03-06T09:00:00'),
      });
    await claim(1, '5', '2026-03-05', '100.50');
    await claim(2, '5', '2026-03-05', '2000.00');
    await claim(3, '5', '2026-03-04', '7.00');
    await claim(4, '4', null, '50.00');
    await claim(5, '6', null, '60.00');
    const figures = await monitorToday(db, at('2026-03-05T12:00:00'));
    expect(figures.payments).toEqual({ count: 2, amount: '2100.50' });
    expect((await monitorToday(db, at('2026-03-06T12:00:00'))).payments).toEqual({ count: 0, amount: '0.00' });
    await db.delete(finClaim);
  });

  it('监控 counts the China day of `now` only, and the signed-in users seen in the last minutes', async () => {
    const figures = await monitorToday(db, at('2026-03-05T12:00:00'));
    expect(figures).toMatchObject({ today: '2026-03-05', batchesSubmitted: 1, claimsSubmitted: 0, decisions: 1, payments: { count: 0, amount: '0.00' } });
    const live = json(await reviewer('GET', MONITOR_TODAY_PATH));
    expect(live.success).toBe(true);
    // the two sessions opened above were used just now
    expect(live.result.onlineUsers).toBe(2);
    await decision(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19), '1');
    expect(json(await reviewer('GET', MONITOR_TODAY_PATH)).result.decisions).toBe(live.result.decisions + 1);
  });
});
