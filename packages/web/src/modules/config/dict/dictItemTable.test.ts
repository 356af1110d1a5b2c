import type { DictItemRecord } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import { changedItemIds, contractRule, dictItemTableBody } from './dictItemTable.ts';

const item = (id: string, itemText: string, sortOrder: number): DictItemRecord =>
  ({ id, dictId: 'd1', itemText, itemValue: id, description: null, sortOrder, status: 1 }) as unknown as DictItemRecord;

const check = (key: 'itemText' | 'itemValue' | 'description', value: unknown) => {
  const rule = contractRule(key) as { handler: (value: unknown) => string | null };
  return rule.handler(value);
};

describe('字典配置 表格编辑 save (§4 editable table: all rows in order, deleteIds, new rows without id)', () => {
  it('sends every row in its order, new rows without id, blank descriptions as null, and the removed ids', () => {
    const values = [
      { id: 'b', itemText: '乙', itemValue: 'b', description: null, sortOrder: 1, status: 1 },
      { id: 'a', itemText: '甲', itemValue: 'a', description: '', sortOrder: 2, status: 1 },
      { itemText: '丁', itemValue: 'd', description: '说明', sortOrder: 3, status: 0 },
    ];
    expect(dictItemTableBody(values, ['c'], 'd1')).toEqual({
      dictId: 'd1',
      values: [
        { id: 'b', itemText: '乙', itemValue: 'b', description: null, status: 1 },
        { id: 'a', itemText: '甲', itemValue: 'a', description: null, status: 1 },
        { itemText: '丁', itemValue: 'd', description: '说明', status: 0 },
      ],
      deleteIds: ['c'],
    });
  });

  it('the items another window takes over: those whose cells or place changed', () => {
    const loaded = [item('a', '甲', 1), item('b', '乙', 2), item('c', '丙', 3)];
    const body = dictItemTableBody(
      [
        { id: 'b', itemText: '乙', itemValue: 'b', status: 1 },
        { id: 'a', itemText: '甲', itemValue: 'a', status: 1 },
        { id: 'c', itemText: '丙丙', itemValue: 'c', status: 1 },
      ],
      [],
      'd1',
    );
    expect(changedItemIds(loaded, body)).toEqual(['b', 'a', 'c']);
    expect(changedItemIds(loaded, dictItemTableBody([{ id: 'a', itemText: '甲', itemValue: 'a', description: '', status: 1 }], [], 'd1'))).toEqual([]);
  });

  it('the cells follow the contracts: 名称 and 数据值 required and at most 100 characters, 描述 at most 255', () => {
    expect(check('itemText', '  ')).toBe('字典项文本不能为空!');
    expect(check('itemText', '名'.repeat(101))).toBe('名称长度不能超过100个字符');
    expect(check('itemValue', '')).toBe('字典项值不能为空!');
    expect(check('itemValue', 'v'.repeat(101))).toBe('数据值长度不能超过100个字符');
    expect(check('description', '长'.repeat(256))).toBe('描述长度不能超过255个字符');
    expect(check('description', '长'.repeat(255))).toBeNull();
    expect(check('description', '')).toBeNull();
    expect(check('description', null)).toBeNull();
  });
});
