import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ClaimMsg, fromCents, ItemStatus, toCents } from '@sbwq/contracts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';
import { claimRig } from './claim.fixtures.ts';

const BASE = '/rights/financeRecord';

describe('spec §7 机构申请排行 and spec §2 the batch-closed reminder', async () => {
  const s = await claimRig({ orgCap: '60000' });
  const { rig, a, b, reviewer, finance } = s;
  const call = rig.call;

  it('agencyCApplyStatisticsList: per organisation applyNum, passNum, amount claimed, paid; organisations see only their own row', async () => {
    const paid = await s.claimOf('500');
    await s.toPay(paid);
    await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(paid));
    await s.claimOf('120');
    await s.submitted(a, s.rightA, 1);
    const all = await call(reviewer.token, 'POST', '/sys/api/agencyCApplyStatisticsList', { pageNo: 1, pageSize: 10 });
    expect(all.success).toBe(true);
    const rowA = all.result.records.find((r: { orgId: string }) => r.orgId === a.orgId);
    expect(rowA).toMatchObject({ applyNum: 2, passNum: 1, amount: '620.00', paidAmount: '500.00' });
    expect(all.result.records.find((r: { orgId: string }) => r.orgId === b.orgId)).toMatchObject({ applyNum: 1, passNum: 1, amount: '0.00' });
    // the total comes with the page, and a page past the end still says it (one query for both, issue 35)
    expect(all.result.total).toBe(all.result.records.length);
    const first = await call(reviewer.token, 'POST', '/sys/api/agencyCApplyStatisticsList', { pageNo: 1, pageSize: 1 });
    expect(first.result).toMatchObject({ total: all.result.total, pages: all.result.total });
    expect(first.result.records.map((r: { orgId: string }) => r.orgId)).toEqual([all.result.records[0].orgId]);
    const past = await call(reviewer.token, 'POST', '/sys/api/agencyCApplyStatisticsList', { pageNo: 9, pageSize: 10 });
    expect(past.result).toMatchObject({ records: [], total: all.result.total });
    const own = await call(b.token, 'POST', '/sys/api/agencyCApplyStatisticsList', {});
    expect(own.result.records.map((r: { orgId: string }) => r.orgId)).toEqual([b.orgId]);
    const none = await call(reviewer.token, 'POST', '/sys/api/agencyCApplyStatisticsList', { startDate: '2000-01-01', endDate: '2000-12-31' });
    expect(none.result).toMatchObject({ records: [], total: 0 });
    expect((await call(reviewer.token, 'POST', '/sys/api/agencyCApplyStatisticsList', { startDate: '2026-02-01', endDate: '2026-01-01' })).success).toBe(false);
  });

  it('the ranking, remembered for the dashboard, follows every new claim and batch at once (issue 35)', async () => {
    type Row = { orgId: string; applyNum: number; amount: string };
    const rowOf = async (): Promise<Row> =>
      (await call(reviewer.token, 'POST', '/sys/api/agencyCApplyStatisticsList', { pageNo: 1, pageSize: 10 })).result.records.find(
        (r: Row) => r.orgId === a.orgId,
      );
    const before = await rowOf();
    expect(await rowOf()).toEqual(before);
    await s.claimOf('80');
    const afterClaim = await rowOf();
    expect(afterClaim.amount).toBe(fromCents(toCents(before.amount) + toCents('80')));
    await s.submitted(a, s.rightA, 1);
    expect((await rowOf()).applyNum).toBe(afterClaim.applyNum + 1);
  });

  it("本年已获报销 (paidAmount) counts claims by 付款日期, the date 报销管理 filters on: a transfer of last December recorded this year is last year's, and the list of this year's payments sums to the figure", async () => {
    const lastYear = await s.claimOf('70');
    const thisYear = await s.claimOf('30');
    await s.toPay(lastYear);
    await s.toPay(thisYear);
    expect((await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(lastYear, { payDate: '2025-12-31' }))).success).toBe(true);
    expect((await call(finance.token, 'POST', `${BASE}/payment/pay`, await s.payBody(thisYear, { payDate: '2026-01-01' }))).success).toBe(true);
    const range = { startDate: '2026-01-01', endDate: '2026-12-31' };
    const figure = async (body: object) => (await call(a.token, 'POST', '/sys/api/agencyCApplyStatisticsList', body)).result.records[0].paidAmount as string;
    const listed = async (query: string) => {
      const page = (await call(a.token, 'GET', `${BASE}/list?status=5&pageSize=100&${query}`)).result as {
        total: number;
        records: { approvedAmount: string }[];
      };
      return { total: page.total, sum: fromCents(page.records.reduce((sum, r) => sum + toCents(r.approvedAmount), 0n)) };
    };
    const year = await listed('payDate_begin=2026-01-01&payDate_end=2026-12-31');
    expect(year.sum).toBe(await figure(range));
    expect((await listed('payDate_begin=2025-12-31&payDate_end=2025-12-31')).total).toBe(1);
    expect(await figure({ startDate: '2025-12-31', endDate: '2025-12-31' })).toBe('70.00');
    // the first day of the year counts whole, whatever hour the payment was recorded at
    expect(await figure({ startDate: '2026-01-01', endDate: '2026-01-01' })).toBe('30.00');
  });

  it('closing a batch with money frozen sends its organisation an urgent notice whose 去处理 opens the claim page', async () => {
    const items = (await call(b.token, 'GET', `/rights/threaded/item/list?batchId=${s.batchB}`)).result.records;
    const values = items.map((it: Record<string, unknown>) => ({ ...it, status: ItemStatus.success, complaintNo: 'TS-1', handleTime: '2026-01-10' }));
    expect((await call(b.token, 'POST', '/rights/threaded/item/save', { batchId: s.batchB, values, deleteIds: [] })).success).toBe(true);
    expect((await call(b.token, 'POST', '/rights/threaded/applyClosure', { id: s.batchB, closureSummary: '处理完毕' })).success).toBe(true);
    expect((await call(reviewer.token, 'POST', '/rights/threaded/closureReview', { id: s.batchB, result: 'pass' })).success).toBe(true);
    const batchNo = (await s.batch(s.batchB)).batchNo;
    const notices = await rig.database.db
      .select()
      .from(sysAnnouncement)
      .where(and(eq(sysAnnouncement.busId, s.batchB), eq(sysAnnouncement.priority, 'H')));
    expect(notices).toMatchObject([
      { titile: ClaimMsg.closedNoticeTitle(batchNo), openType: 'url', openPage: '/finance/claim/list', busType: 'claim_batch_closed' },
    ]);
    expect(notices[0].userIds).toContain(b.userId);
    // an 已结案 batch is still claimable against its frozen money
    expect((await call(b.token, 'GET', `${BASE}/batchOptions`)).result.map((o: { id: string }) => o.id)).toContain(s.batchB);
  });
});
