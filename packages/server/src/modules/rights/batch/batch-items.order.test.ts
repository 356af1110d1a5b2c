import { describe, expect, it } from 'vitest';
import { batchRig } from './batch.fixtures.ts';

type Item = { id: string; seq: number; linkUrl: string; shopName: string | null };

/** spec §4 editable table "Sort numbers are recalculated after each" operation, and the save keeps them (DOMAIN clue item). */
describe('§4 editable table: 线索明细 keep the order the grid left, numbered 1…n', async () => {
  const s = await batchRig();
  const { rig, a, rightA } = s;
  const list = async (batchId: string): Promise<Item[]> =>
    (await rig.call(a.token, 'GET', `/rights/threaded/item/list?batchId=${batchId}&pageSize=100`)).result.records;
  const save = (batchId: string, values: unknown[], deleteIds: string[] = []) =>
    rig.call(a.token, 'POST', '/rights/threaded/item/save', { batchId, values, deleteIds });
  const shops = (items: Item[]) => items.map((i) => [i.seq, i.shopName]);

  it('a row inserted above row 2, a row moved up twice and a row deleted are saved in that order, 序号 1…n without gaps', async () => {
    const id = await s.draft(a, rightA, 4);
    const [r0, r1, r2, r3] = await list(id);
    expect(shops([r0, r1, r2, r3])).toEqual([
      [1, '店铺0'],
      [2, '店铺1'],
      [3, '店铺2'],
      [4, '店铺3'],
    ]);
    // as the grid sends it: 店铺0, 新店, 店铺3 (moved up twice), 店铺2; 店铺1 deleted
    const left = [r0, { linkUrl: 'https://item.taobao.com/item.htm?id=9001', shopName: '新店' }, r3, r2].map((row, index) => ({ ...row, seq: index + 1 }));
    const saved = await save(id, left, [r1.id]);
    expect(saved).toMatchObject({ success: true, result: { itemCount: 4 } });
    expect(shops(await list(id))).toEqual([
      [1, '店铺0'],
      [2, '新店'],
      [3, '店铺3'],
      [4, '店铺2'],
    ]);
  });

  it('a save without 序号 keeps the order: a deletion closes the gap, pasted rows go last', async () => {
    const id = await s.draft(a, rightA, 3);
    const [, r1] = await list(id);
    expect((await save(id, [], [r1.id])).success).toBe(true);
    expect(shops(await list(id))).toEqual([
      [1, '店铺0'],
      [2, '店铺2'],
    ]);
    expect((await save(id, [{ linkUrl: 'https://item.taobao.com/item.htm?id=9002', shopName: '粘贴店' }])).success).toBe(true);
    expect(shops(await list(id))).toEqual([
      [1, '店铺0'],
      [2, '店铺2'],
      [3, '粘贴店'],
    ]);
  });

  it('the batch detail reads the items in the saved order', async () => {
    const id = await s.draft(a, rightA, 3);
    const [r0, r1, r2] = await list(id);
    expect(
      (
        await save(
          id,
          [r2, r0, r1].map((row, index) => ({ ...row, seq: index + 1 })),
        )
      ).success,
    ).toBe(true);
    const ordered = await list(id);
    expect(ordered.map((i) => i.id)).toEqual([r2.id, r0.id, r1.id]);
    const page2 = (await rig.call(a.token, 'GET', `/rights/threaded/item/list?batchId=${id}&pageSize=2&pageNo=2`)).result.records as Item[];
    expect(page2.map((i) => [i.seq, i.id])).toEqual([[3, r1.id]]);
  });

  it('a 序号 outside 1…2000 is refused with a message', async () => {
    const id = await s.draft(a, rightA, 1);
    const [r0] = await list(id);
    const res = await save(id, [{ ...r0, seq: 0 }]);
    expect(res.success).toBe(false);
    expect(res.message).toContain('序号应为 1 到 2000 的整数');
  });
});
