import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, BatchMsg, BatchStatus, chinaToday, computeExpireDate, MAX_BATCH_ITEMS, RightsMsg } from '@sbwq/contracts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { rightsRight } from '../right/right.table.ts';
import { approvedRight, batchRig } from './batch.fixtures.ts';

describe('DOMAIN clue batch: drafts, rights and amounts, items, scope', async () => {
  const s = await batchRig();
  const { rig, a, b, rightA, rightB, reviewer, finance } = s;
  const call = rig.call;
  let id = '';

  it('add: a 草稿 of the caller’s organisation numbered XS + date + sequence, 申请金额 0 until items', async () => {
    const res = await call(a.token, 'POST', '/rights/threaded/add', s.form(rightA));
    expect(res).toMatchObject({ success: true, message: BatchMsg.added });
    id = res.result;
    const rec = await s.batch(id);
    expect(rec).toMatchObject({
      status: BatchStatus.draft,
      status_dictText: '草稿',
      itemCount: 0,
      applyAmount: '0.00',
      editable: true,
      withdrawable: false,
      infringeType_dictText: '假冒注册商标',
      clueSource_dictText: '自行监测',
    });
    expect(rec.batchNo).toMatch(new RegExp(`^XS${chinaToday().replace(/-/g, '')}\\d{3}$`));
    expect(rec.rightNames).toBe('星河1（第2类 40000001）');
  });

  it('DOMAIN: an expired mark or authorisation blocks a batch; the refusal names the record', async () => {
    const expired = await approvedRight(rig, a, 3, { regDate: '2014-01-01', expireDate: computeExpireDate('2014-01-01') });
    const authEnded = await approvedRight(rig, a, 4, { authEndDate: addDays(chinaToday(), -1) });
    const pending = await approvedRight(rig, a, 5, { auditStatus: '0' });
    expect((await call(a.token, 'POST', '/rights/threaded/add', s.form(expired))).message).toBe(
      BatchMsg.rightNotUsable('星河3（第4类 40000003）', '商标专用权已过期'),
    );
    expect((await call(a.token, 'POST', '/rights/threaded/add', s.form(authEnded))).message).toBe(
      BatchMsg.rightNotUsable('星河4（第5类 40000004）', '授权已过期'),
    );
    expect((await call(a.token, 'POST', '/rights/threaded/add', s.form(pending))).message).toBe(
      BatchMsg.rightNotUsable('星河5（第6类 40000005）', '未通过审核'),
    );
    expect((await call(a.token, 'POST', '/rights/threaded/add', s.form(rightB))).message).toBe(BatchMsg.rightNotOwn);
    expect((await call(reviewer.token, 'POST', '/rights/threaded/add', s.form(rightA))).success).toBe(false);
  });

  it('the form’s options: only usable rights of the caller’s organisation; active pools with what the organisation may still draw', async () => {
    const rights = (await call(a.token, 'GET', '/rights/threaded/usableRights')).result;
    expect(rights.map((r: { id: string }) => r.id)).toEqual([rightA]);
    expect(rights[0].label).toBe('星河1（第2类 40000001）');
    const pools = (await call(a.token, 'GET', '/rights/threaded/pools')).result;
    expect(pools).toMatchObject([{ id: s.poolId, subsidyPerCase: '1000.00', orgCap: '60000.00', capLeft: '60000.00' }]);
    expect((await call(reviewer.token, 'GET', '/rights/threaded/pools')).success).toBe(false);
  });

  it('items save: values and deleteIds; 申请金额 = 线索数量 × 单件补贴标准; unique links, URL rule, money price', async () => {
    const saved = await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: s.items(3), deleteIds: [] });
    expect(saved).toMatchObject({ success: true, message: BatchMsg.itemsSaved, result: { itemCount: 3, applyAmount: '3000.00' } });
    const list = (await call(a.token, 'GET', `/rights/threaded/item/list?batchId=${id}`)).result;
    expect(list.records.map((r: { seq: number; status_dictText: string }) => [r.seq, r.status_dictText])).toEqual([
      [1, '待处理'],
      [2, '待处理'],
      [3, '待处理'],
    ]);
    const [first, second, third] = list.records;
    const again = await call(a.token, 'POST', '/rights/threaded/item/save', {
      batchId: id,
      values: [
        { ...first, linkUrl: second.linkUrl },
        { ...second, linkUrl: first.linkUrl },
        { linkUrl: 'https://shop.jd.com/9', price: 10 },
      ],
      deleteIds: [third.id],
    });
    expect(again.result).toMatchObject({ itemCount: 3, applyAmount: '3000.00' });
    const dup = await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: [{ linkUrl: first.linkUrl }], deleteIds: [] });
    expect(dup.message).toBe(BatchMsg.duplicateUrl(first.linkUrl));
    expect((await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: [{ linkUrl: 'taobao 店铺' }], deleteIds: [] })).message).toContain(
      BatchMsg.urlInvalid,
    );
    expect(
      (await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: [{ linkUrl: 'https://x.cn/1', price: '1.234' }], deleteIds: [] }))
        .success,
    ).toBe(false);
    const tooMany = await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: s.items(MAX_BATCH_ITEMS - 2, 5000), deleteIds: [] });
    expect(tooMany.message).toBe(BatchMsg.tooManyItems);
    expect((await s.batch(id)).itemCount).toBe(3);
  });

  it('scope: another organisation sees nothing of it; staff do not see drafts; after submit staff see it', async () => {
    expect((await call(b.token, 'GET', `/rights/threaded/queryById?id=${id}`)).message).toBe(RightsMsg.notFound);
    expect((await call(b.token, 'GET', `/rights/threaded/item/list?batchId=${id}`)).success).toBe(false);
    expect((await call(b.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: [], deleteIds: [] })).message).toBe(RightsMsg.notFound);
    expect((await call(reviewer.token, 'GET', `/rights/threaded/list?batchNo=${(await s.batch(id)).batchNo}`)).result.total).toBe(0);
    expect(await call(a.token, 'POST', '/rights/threaded/submit', { id })).toMatchObject({ success: true, message: BatchMsg.submitted });
    const staffList = (await call(finance.token, 'GET', '/rights/threaded/list?status=2&batchName=*星河*')).result;
    expect(staffList.records.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await call(b.token, 'GET', '/rights/threaded/list')).result.total).toBe(0);
    expect((await call(a.token, 'GET', `/rights/threaded/list?rightId=${rightA}&submitTime_begin=${chinaToday()} 00:00:00`)).result.total).toBe(1);
  });

  it('only 草稿 or 退回补正 may be edited, have items changed or be deleted', async () => {
    expect((await call(a.token, 'PUT', '/rights/threaded/edit', { ...s.form(rightA), id })).message).toBe(BatchMsg.notEditable);
    expect((await call(a.token, 'POST', '/rights/threaded/item/save', { batchId: id, values: s.items(1, 70), deleteIds: [] })).message).toBe(
      BatchMsg.itemsNotEditable,
    );
    expect((await call(a.token, 'DELETE', `/rights/threaded/delete?id=${id}`)).message).toBe(BatchMsg.notDeletable);
    expect((await call(a.token, 'POST', '/rights/threaded/submit', { id })).message).toBe(BatchMsg.notSubmittable);
  });

  it('a draft without items cannot be submitted; a draft can be deleted', async () => {
    const empty = (await call(a.token, 'POST', '/rights/threaded/add', s.form(rightA))).result;
    expect((await call(a.token, 'POST', '/rights/threaded/submit', { id: empty })).message).toBe(BatchMsg.noItems);
    expect((await call(a.token, 'DELETE', `/rights/threaded/delete?id=${empty}`)).message).toBe(BatchMsg.deleted);
    expect((await call(a.token, 'GET', `/rights/threaded/queryById?id=${empty}`)).success).toBe(false);
  });

  it('a right that expired after the draft blocks its submission', async () => {
    const later = await approvedRight(rig, a, 6);
    const draft = await s.draft(a, later, 1);
    await rig.database.db.update(rightsRight).set({ authEndDate: '2020-01-01' }).where(eq(rightsRight.id, later));
    expect((await call(a.token, 'POST', '/rights/threaded/submit', { id: draft })).message).toBe(
      BatchMsg.rightNotUsable('星河6（第7类 40000006）', '授权已过期'),
    );
  });

  it('exports the list as Excel with the caller’s scope', async () => {
    const res = await rig.request(finance.token, 'GET', '/rights/threaded/exportXls');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('the approval records of a batch are listed by bizId (none before a decision)', async () => {
    expect(await rig.database.db.select().from(rightsApproval).where(eq(rightsApproval.bizId, id))).toEqual([]);
  });
});
