import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { BatchStatus, MAX_BATCH_ITEMS, MONEY_COLUMN_MAX, MoneyMsg, toCents } from '@sbwq/contracts';
import { multipart } from '../../../test/harness.ts';
import { batchRig } from './batch.fixtures.ts';
import { successRate } from './batch-rules.ts';

describe('DEVELOPERS money at the limit: 申请金额 (线索数量 × 单件补贴标准) beyond numeric(14,2) is refused with the limit, never a 500', async () => {
  const s = await batchRig();
  const { rig, a, finance } = s;
  const call = rig.call;
  const added = await call(finance.token, 'POST', '/rights/capitalPool/add', {
    poolName: '高额补贴资金池',
    fundSource: '1',
    poolYear: 2026,
    totalAmount: '1000',
    subsidyPerCase: MONEY_COLUMN_MAX,
    orgCap: null,
  });
  expect(added.success).toBe(true);
  const hugePool: string = added.result;
  expect((await call(finance.token, 'PUT', '/rights/capitalPool/enable', { id: hugePool })).success).toBe(true);
  const overflow = MoneyMsg.overColumn('申请金额（线索数量 × 单件补贴标准）');

  it('item/save: one item at 999,999,999,999.99 fits; a second would pass the column and nothing is saved', async () => {
    const id = (await call(a.token, 'POST', '/rights/threaded/add', s.form(s.rightA, { poolId: hugePool }))).result as string;
    const one = await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: s.items(1), deleteIds: [] });
    expect(one.success).toBe(true);
    expect(await s.batch(id)).toMatchObject({ itemCount: 1, applyAmount: MONEY_COLUMN_MAX });
    const res = await rig.request(a.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: s.items(1, 10), deleteIds: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: overflow });
    expect(overflow).toContain('999,999,999,999.99');
    expect(await s.batch(id)).toMatchObject({ itemCount: 1, applyAmount: MONEY_COLUMN_MAX });
  });

  it('edit: moving a batch of 2 items to a pool whose standard would pass the column is refused and the batch keeps its pool', async () => {
    const id = await s.draft(a, s.rightA, 2);
    const res = await rig.request(a.token, 'PUT', '/rights/threaded/edit', { ...s.form(s.rightA, { poolId: hugePool }), id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: overflow });
    expect(await s.batch(id)).toMatchObject({ poolId: s.poolId, applyAmount: '2000.00', status: BatchStatus.draft });
  });

  it('importExcel: appending rows that would pass the column is refused and nothing is imported', async () => {
    const id = (await call(a.token, 'POST', '/rights/threaded/add', s.form(s.rightA, { poolId: hugePool }))).result as string;
    expect((await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: s.items(1), deleteIds: [] })).success).toBe(true);
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('线索明细');
    ws.addRow(['线索明细']);
    ws.addRow(['*侵权链接', '店铺名称', '经营者', '所在地', '涉案商品', '价格', '备注']);
    ws.addRow(['https://item.taobao.com/item.htm?id=77', '乙店']);
    const body = multipart({ filename: '线索明细.xlsx', content: Buffer.from(await book.xlsx.writeBuffer()) });
    const res = await rig.inject({
      method: 'POST',
      url: rig.api(`/rights/threaded/item/importExcel?batchId=${id}`),
      payload: body.payload,
      headers: { ...body.headers, 'X-Access-Token': a.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: overflow });
    expect((await s.batch(id)).itemCount).toBe(1);
  });
});

describe('DOMAIN 成功率 fits its numeric(5,2) column for every batch the items limit allows', () => {
  it('成功 ÷ (成功 + 失败) over every split of MAX_BATCH_ITEMS judged items stays within 0.00–100.00 with 2 decimals', () => {
    for (let success = 0; success <= MAX_BATCH_ITEMS; success++) {
      const rate = successRate(success, MAX_BATCH_ITEMS - success)!;
      expect(rate).toMatch(/^\d{1,3}\.\d{2}$/);
      expect(toCents(rate) <= 10_000n).toBe(true);
    }
    expect(successRate(MAX_BATCH_ITEMS, 0)).toBe('100.00');
    expect(successRate(MAX_BATCH_ITEMS - 1, 1)).toBe('99.95');
    expect(successRate(0, 0)).toBeNull();
  });
});
