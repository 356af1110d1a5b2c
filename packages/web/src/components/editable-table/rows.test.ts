import { describe, expect, it } from 'vitest';
import {
  defaultValueOf,
  deleteConfirmText,
  insertRows,
  isTempId,
  mergeRow,
  MOVE_FIRST_UP,
  MOVE_LAST_DOWN,
  moveRow,
  newRow,
  removeRows,
  reorderRows,
  stateOf,
  valuesOf,
} from './rows.ts';
import type { EditableColumn } from './types.ts';

const keys = { rowKey: 'id', sortField: 'orderNum' };
const loaded = () =>
  stateOf(
    [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
      { id: 'c', name: 'C' },
    ],
    keys,
  );
const order = (rows: { id?: unknown; orderNum?: unknown }[]) => rows.map((row) => `${String(row.id)}:${String(row.orderNum)}`);

describe('§4 editable table rows', () => {
  it('loaded rows are numbered 1…n in orderNum', () => {
    expect(order(loaded().rows)).toEqual(['a:1', 'b:2', 'c:3']);
  });

  it('a new row gets per-type defaults; a checkbox its default-checked setting', () => {
    const columns: EditableColumn[] = [
      { key: 'name', title: '名称', type: 'input' },
      { key: 'qty', title: '数量', type: 'inputNumber' },
      { key: 'on', title: '启用', type: 'checkbox', defaultChecked: true, checkedValue: '1', uncheckedValue: '0' },
      { key: 'off', title: '停用', type: 'checkbox' },
      { key: 'tags', title: '标签', type: 'select-multiple' },
      { key: 'kind', title: '类型', type: 'select', defaultValue: 'x' },
    ];
    const row = newRow(columns, keys);
    expect(row).toMatchObject({ name: '', qty: null, on: '1', off: false, tags: [], kind: 'x' });
    expect(isTempId(row.id)).toBe(true);
    expect(defaultValueOf({ key: 'c', title: 'c', type: 'checkbox', defaultChecked: true })).toBe(true);
  });

  it('inserting renumbers: a row inserted at 1 is number 2 and those after it move on', () => {
    const state = insertRows(loaded(), 1, [{ id: 'n', name: 'N' }], keys);
    expect(order(state.rows)).toEqual(['a:1', 'n:2', 'b:3', 'c:4']);
    expect(order(insertRows(loaded(), 99, [{ id: 'z' }], keys).rows)).toEqual(['a:1', 'b:2', 'c:3', 'z:4']);
  });

  it('removing renumbers and tracks saved rows as deleted, never a new one', () => {
    const withNew = insertRows(loaded(), 0, [newRow([], keys)], keys);
    const tempId = String(withNew.rows[0].id);
    const state = removeRows(withNew, [tempId, 'b'], keys);
    expect(order(state.rows)).toEqual(['a:1', 'c:2']);
    expect(state.deleteIds).toEqual(['b']);
    expect(removeRows(state, ['b'], keys).deleteIds).toEqual(['b']);
  });

  it('moving up and down renumbers; past either end says 未知的操作 / 已到最后~ and keeps the rows', () => {
    const down = moveRow(loaded(), 'a', 'down', keys);
    expect(down.refusal).toBeNull();
    expect(order(down.state.rows)).toEqual(['b:1', 'a:2', 'c:3']);
    expect(order(moveRow(loaded(), 'c', 'up', keys).state.rows)).toEqual(['a:1', 'c:2', 'b:3']);
    const first = moveRow(loaded(), 'a', 'up', keys);
    expect(first.refusal).toBe(MOVE_FIRST_UP);
    expect(first.refusal).toBe('未知的操作');
    expect(order(first.state.rows)).toEqual(['a:1', 'b:2', 'c:3']);
    expect(moveRow(loaded(), 'c', 'down', keys).refusal).toBe(MOVE_LAST_DOWN);
    expect(MOVE_LAST_DOWN).toBe('已到最后~');
  });

  it('drag reorder moves a row to the drop place and renumbers', () => {
    expect(order(reorderRows(loaded(), 2, 0, keys).rows)).toEqual(['c:1', 'a:2', 'b:3']);
    expect(order(reorderRows(loaded(), 0, 2, keys).rows)).toEqual(['b:1', 'c:2', 'a:3']);
  });

  it('a row changed elsewhere merges into the row with its id; an unknown id changes nothing', () => {
    const before = loaded();
    const state = mergeRow(before, { id: 'b', name: 'B2' }, keys);
    expect(state.rows[1]).toEqual({ id: 'b', name: 'B2', orderNum: 2 });
    // an untouched row keeps its object, so its rendering is skipped
    expect(state.rows[0]).toBe(before.rows[0]);
    expect(mergeRow(before, { id: 'q', name: 'Q' }, keys)).toBe(before);
  });

  it('getValues: new rows lose their temporary id, deleted ids listed', () => {
    let state = insertRows(loaded(), 3, [newRow([{ key: 'name', title: '名称', type: 'input' }], keys, { name: 'D' })], keys);
    state = removeRows(state, ['a'], keys);
    const { values, deleteIds } = valuesOf(state, keys);
    expect(values).toEqual([
      { id: 'b', name: 'B', orderNum: 1 },
      { id: 'c', name: 'C', orderNum: 2 },
      { name: 'D', orderNum: 3 },
    ]);
    expect(deleteIds).toEqual(['a']);
  });

  it('§5 delete confirm text', () => {
    expect(deleteConfirmText(3)).toBe('确定要删除这 3 项吗?');
  });
});
