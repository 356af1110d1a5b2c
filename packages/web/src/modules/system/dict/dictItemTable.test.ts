import type { DictItemRecord } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import { dictItemChanges } from './dictItemTable.ts';

const item = (id: string, itemText: string, sortOrder: number): DictItemRecord =>
  ({ id, dictId: 'd1', itemText, itemValue: id, description: null, sortOrder, status: 1 }) as unknown as DictItemRecord;

describe('字典配置 table save (§4 editable table: deleteIds, new rows without id)', () => {
  it('sends only changed items, the new rows as adds and the removed ids as deletes', () => {
    const loaded = [item('a', '甲', 1), item('b', '乙', 2), item('c', '丙', 3)];
    const values = [
      { id: 'b', itemText: '乙', itemValue: 'b', description: null, sortOrder: 1, status: 1 },
      { id: 'a', itemText: '甲', itemValue: 'a', description: '', sortOrder: 2, status: 1 },
      { itemText: '丁', itemValue: 'd', description: '', sortOrder: 3, status: 0 },
    ];
    const changes = dictItemChanges(loaded, values, ['c'], 'd1');
    expect(changes.deletes).toEqual(['c']);
    expect(changes.edits.map((body) => [body.id, body.sortOrder])).toEqual([
      ['b', 1],
      ['a', 2],
    ]);
    expect(changes.adds).toEqual([{ dictId: 'd1', itemText: '丁', itemValue: 'd', description: undefined, sortOrder: 3, status: 0 }]);
  });

  it('an untouched table sends nothing', () => {
    const loaded = [item('a', '甲', 1)];
    const changes = dictItemChanges(loaded, [{ id: 'a', itemText: '甲', itemValue: 'a', description: null, sortOrder: 1, status: 1 }], [], 'd1');
    expect(changes).toEqual({ deletes: [], edits: [], adds: [] });
  });
});
