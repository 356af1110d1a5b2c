import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, BatchMsg, BatchStatsPath, chinaToday } from '@sbwq/contracts';
import { multipart } from '../../../test/harness.ts';
import { rightsBatch } from '../../core/tables/batch.table.ts';
import { batchRig } from './batch.fixtures.ts';

async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('线索明细');
  ws.addRow(['线索明细']);
  ws.addRow(['*侵权链接', '店铺名称', '经营者', '所在地', '涉案商品', '价格', '备注']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('spec §7 clue-batch statistics and the item import', async () => {
  const s = await batchRig();
  const { rig, a, b, rightA, rightB, reviewer, finance } = s;
  const call = rig.call;
  const db = rig.database.db;
  const thisMonth = chinaToday().slice(0, 7);

  it('threadedApplyNum / threadedApplyPassNum: submitted and approved batches, the organisation’s own for its users', async () => {
    await s.draft(a, rightA, 1);
    const a1 = await s.submitted(a, rightA, 1);
    await s.submitted(a, rightA, 1);
    await s.submitted(b, rightB, 1);
    await call(reviewer.token, 'POST', '/rights/threaded/review', { id: a1, result: 'pass' });
    expect((await call(finance.token, 'GET', BatchStatsPath.applyNum)).result).toBe(3);
    expect((await call(finance.token, 'GET', BatchStatsPath.applyPassNum)).result).toBe(1);
    expect((await call(a.token, 'GET', BatchStatsPath.applyNum)).result).toBe(2);
    expect((await call(b.token, 'GET', BatchStatsPath.applyNum)).result).toBe(1);
    expect((await call(b.token, 'GET', BatchStatsPath.applyPassNum)).result).toBe(0);
  });

  it('monthThreadedApplyNum / monthThreadedApplyPassNum: the last 12 months, oldest first, months without batches 0', async () => {
    const [old] = await db.select().from(rightsBatch).where(eq(rightsBatch.orgId, b.orgId));
    // two months ago, China time: 1st of the month 00:30 in Beijing is the previous day 16:30 UTC
    const twoAgo = addMonths(`${thisMonth}-01`, -2);
    await db
      .update(rightsBatch)
      .set({ submitTime: new Date(`${twoAgo}T00:30:00+08:00`) })
      .where(eq(rightsBatch.id, old.id));
    const apply = (await call(finance.token, 'GET', BatchStatsPath.monthApplyNum)).result;
    expect(apply).toHaveLength(12);
    expect(apply[11]).toEqual({ month: thisMonth, num: 2 });
    expect(apply[9]).toEqual({ month: twoAgo.slice(0, 7), num: 1 });
    expect(apply[0].month).toBe(addMonths(`${thisMonth}-01`, -11).slice(0, 7));
    const pass = (await call(a.token, 'GET', BatchStatsPath.monthApplyPassNum)).result;
    expect(pass[11]).toEqual({ month: thisMonth, num: 1 });
    expect(pass.reduce((n: number, m: { num: number }) => n + m.num, 0)).toBe(1);
    expect((await call(b.token, 'GET', BatchStatsPath.monthApplyNum)).result[11].num).toBe(0);
  });

  it("monthThreadedApplyPassNum counts by approve time, and the list filtered on that month's 审核时间 (approveTime_begin/_end) holds exactly those batches, whenever they were submitted", async () => {
    // submitted last month, approved this month: a 通过 of this month, not one of this month's 申请
    const lateId = await s.submitted(a, rightA, 1);
    const lastMonth = addMonths(`${thisMonth}-01`, -1);
    await db
      .update(rightsBatch)
      .set({ submitTime: new Date(`${lastMonth}T10:00:00+08:00`) })
      .where(eq(rightsBatch.id, lateId));
    expect((await call(reviewer.token, 'POST', '/rights/threaded/review', { id: lateId, result: 'pass' })).success).toBe(true);
    const [year, month] = thisMonth.split('-').map(Number);
    const monthEnd = `${thisMonth}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
    for (const user of [finance, a]) {
      const passed = ((await call(user.token, 'GET', BatchStatsPath.monthApplyPassNum)).result as { num: number }[])[11].num;
      const approved = (await call(user.token, 'GET', `/rights/threaded/list?approveTime_begin=${thisMonth}-01&approveTime_end=${monthEnd}&pageSize=100`))
        .result;
      expect(approved.total).toBe(passed);
      expect(approved.records.map((r: { id: string }) => r.id)).toContain(lateId);
      const submitted = (await call(user.token, 'GET', `/rights/threaded/list?submitTime_begin=${thisMonth}-01&submitTime_end=${monthEnd}&pageSize=100`))
        .result;
      expect(submitted.records.map((r: { id: string }) => r.id)).not.toContain(lateId);
    }
    expect((await call(a.token, 'GET', '/rights/threaded/list?approveTime_begin=2000-01-01&approveTime_end=2000-01-31')).result.total).toBe(0);
  });

  const importSheet = async (batchId: string, buffer: Buffer) => {
    const body = multipart({ filename: '线索明细.xlsx', content: buffer });
    return (
      await rig.inject({
        method: 'POST',
        url: rig.api(`/rights/threaded/item/importExcel?batchId=${batchId}`),
        payload: body.payload,
        headers: { ...body.headers, 'X-Access-Token': a.token },
      })
    ).json();
  };

  it('spec §7 / §5 list: remembered counts and list totals follow every write — the call after a submission counts it', async () => {
    const counts = async () => ({
      apply: (await call(finance.token, 'GET', BatchStatsPath.applyNum)).result as number,
      month: ((await call(finance.token, 'GET', BatchStatsPath.monthApplyNum)).result as { num: number }[])[11].num,
      total: (await call(finance.token, 'GET', '/rights/threaded/list')).result.total as number,
    });
    await counts();
    const before = await counts();
    await s.submitted(a, rightA, 1);
    expect(await counts()).toEqual({ apply: before.apply + 1, month: before.month + 1, total: before.total + 1 });
  });

  it('item import: any bad row imports nothing and every bad row is reported; a clean sheet is appended', async () => {
    const id = await s.draft(a, rightA, 1);
    const existing = s.items(1)[0].linkUrl;
    const bad = await importSheet(
      id,
      await sheet([['https://a.cn/1', '甲店'], ['not a url'], [existing], ['https://a.cn/2', '', '', '', '', '1.999'], ['https://a.cn/1']]),
    );
    expect(bad).toMatchObject({ code: 201, message: BatchMsg.importFailed(4), result: { imported: 0 } });
    expect(bad.result.errors.map((e: { row: number }) => e.row)).toEqual([4, 5, 6, 7]);
    expect((await s.batch(id)).itemCount).toBe(1);
    const good = await importSheet(id, await sheet([['https://a.cn/1', '甲店', '张某', '义乌', '运动鞋', '88.5'], ['https://a.cn/2']]));
    expect(good).toMatchObject({ success: true, message: BatchMsg.imported(2), result: { imported: 2, errors: [] } });
    expect(await s.batch(id)).toMatchObject({ itemCount: 3, applyAmount: '3000.00' });
    const template = await rig.request(a.token, 'GET', '/rights/threaded/item/importTemplate');
    expect(template.headers['content-type']).toContain('spreadsheetml');
  });
});
