import { MAX_BATCH_ITEMS, type BatchRecord } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import { batchBodyOf, batchFormValues, itemValuesOf, parsePastedItems } from './batchForm.ts';
import { itemColumns } from './BatchItemsEditor.tsx';

describe('DOMAIN clue batch form', () => {
  it('the body: 涉及权利 as the comma list, trimmed texts, empty as null, the id only on edit', () => {
    const body = batchBodyOf(
      {
        batchName: ' 淘宝假冒线索 ',
        rightIds: ['r1', 'r2'],
        infringeType: '1',
        clueSource: '1',
        platform: '1',
        rightsMethod: '1',
        poolId: 'p1',
        description: '  ',
        evidenceFiles: 'a.png',
      },
      'b1',
    );
    expect(body).toEqual({
      id: 'b1',
      batchName: '淘宝假冒线索',
      rightIds: 'r1,r2',
      infringeType: '1',
      clueSource: '1',
      platform: '1',
      rightsMethod: '1',
      poolId: 'p1',
      description: null,
      evidenceFiles: 'a.png',
      remark: null,
    });
    expect(batchBodyOf({})).not.toHaveProperty('id');
    expect(batchBodyOf({}).rightIds).toBe('');
  });

  it('a new batch starts as 自行监测 / 平台投诉 with no rights; a saved one fills the form back, rights as ids', () => {
    expect(batchFormValues(null)).toEqual({ clueSource: '1', rightsMethod: '1', rightIds: [] });
    const values = batchFormValues({ batchName: '线索', rightIds: 'r1,r2', poolId: 'p1', remark: null } as unknown as BatchRecord);
    expect(values.rightIds).toEqual(['r1', 'r2']);
    expect(values.batchName).toBe('线索');
    expect(values.remark).toBeNull();
  });
});

describe('DOMAIN clue item: items pasted one a line', () => {
  it('takes a link and the optional tab-separated columns, skipping blank lines', () => {
    const { values, errors } = parsePastedItems('https://a.example/1\tXX旗舰店\t张三\t杭州\t运动鞋\t199.5\n\n  https://b.example/2  \n');
    expect(errors).toEqual([]);
    expect(values).toEqual([
      {
        linkUrl: 'https://a.example/1',
        shopName: 'XX旗舰店',
        operator: '张三',
        location: '杭州',
        goodsName: '运动鞋',
        price: '199.5',
        evidence: null,
        remark: null,
      },
      { linkUrl: 'https://b.example/2', shopName: null, operator: null, location: null, goodsName: null, price: null, evidence: null, remark: null },
    ]);
  });

  it('names each bad line: not a web address, a link twice, a price that is not money', () => {
    const { errors } = parsePastedItems('taobao.com/x\nhttps://a.example/1\nhttps://a.example/1\nhttps://c.example/3\t\t\t\t\t9.999');
    expect(errors).toEqual(['第 1 行：侵权链接应为 http:// 或 https:// 开头的网址', '第 3 行：侵权链接重复', '第 4 行：价格须为不小于0的数字，最多两位小数']);
  });

  it(`refuses more than ${MAX_BATCH_ITEMS} items in the batch, counting those it has`, () => {
    const lines = Array.from({ length: 3 }, (_, i) => `https://a.example/${i}`).join('\n');
    expect(parsePastedItems(lines, MAX_BATCH_ITEMS - 3).errors).toEqual([]);
    expect(parsePastedItems(lines, MAX_BATCH_ITEMS - 2).errors).toEqual([`每个批次最多 ${MAX_BATCH_ITEMS} 条线索明细，已有 ${MAX_BATCH_ITEMS - 2} 条`]);
  });
});

describe('DOMAIN clue item: the editable grid (编辑明细)', () => {
  it('rows become the items save: an existing row keeps its id, a new one has none, blanks are null, 序号 1…n as left', () => {
    const rows = [
      {
        id: 'i1',
        seq: 1,
        linkUrl: ' https://a.example/1 ',
        shopName: '',
        price: '12.5',
        status: '3',
        status_dictText: '成功',
        handleTime: '2026-11-20',
        createTime: 'x',
      },
      { linkUrl: 'https://a.example/2', orderNum: 2 },
    ];
    expect(itemValuesOf(rows)).toEqual([
      {
        id: 'i1',
        seq: 1,
        linkUrl: 'https://a.example/1',
        shopName: null,
        operator: null,
        location: null,
        goodsName: null,
        price: '12.5',
        evidence: null,
        status: '3',
        complaintNo: null,
        handleTime: '2026-11-20',
        remark: null,
      },
      {
        seq: 2,
        linkUrl: 'https://a.example/2',
        shopName: null,
        operator: null,
        location: null,
        goodsName: null,
        price: null,
        evidence: null,
        status: undefined,
        complaintNo: null,
        handleTime: null,
        remark: null,
      },
    ]);
  });

  it('a draft edits the clue, not its handling; while 维权中 only the handling (and 备注) can change', () => {
    const editable = (enforcing: boolean) =>
      itemColumns(enforcing)
        .filter((c) => !c.disabled)
        .map((c) => c.key);
    expect(editable(false)).toEqual(['linkUrl', 'shopName', 'operator', 'location', 'goodsName', 'price', 'evidence', 'remark']);
    expect(editable(true)).toEqual(['status', 'complaintNo', 'handleTime', 'remark']);
  });

  it('a link must be a web address, unique in the batch; a price, money', async () => {
    const [link] = itemColumns(false);
    const handler = link.validateRules!.find((r) => 'handler' in r) as { handler: (v: unknown) => string | null };
    expect(handler.handler('taobao.com/x')).toBe('侵权链接应为 http:// 或 https:// 开头的网址');
    expect(handler.handler('https://a.example/1')).toBeNull();
    expect(link.validateRules).toContainEqual({ unique: true, message: '侵权链接重复' });
    const price = itemColumns(false).find((c) => c.key === 'price')!;
    const money = price.validateRules![0] as { handler: (v: unknown) => string | null };
    expect(money.handler('1.234')).toBe('价格须为不小于0的数字，最多两位小数');
    expect(money.handler('')).toBeNull();
  });
});
