import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bodyRows, cellOf, rowOf, showTable } from './testKit.tsx';
import type { EditableColumn, Row } from './types.ts';

const columns: EditableColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true, message: '请输入名称' }] },
  { key: 'value', title: '数据值', type: 'input', validateRules: [{ unique: true, message: '数据值不能重复' }] },
  { key: 'amount', title: '金额', type: 'input', statistics: ['sum', 'average'], validateRules: [{ pattern: 'money' }] },
  { key: 'on', title: '启用', type: 'checkbox', checkedValue: '1', uncheckedValue: '0', defaultChecked: true },
];
const rows = (): Row[] => [
  { id: 'a', name: '甲', value: 'x', amount: '0.10', on: '1' },
  { id: 'b', name: '乙', value: 'y', amount: '0.20', on: '0' },
  { id: 'c', name: '丙', value: 'z', amount: '', on: '1' },
];
const names = () =>
  bodyRows().map(
    (row) =>
      within(row)
        .getAllByRole('cell')
        .find((cell) => cell.dataset.key === 'name')?.textContent,
  );

describe('§4 editable table rows', () => {
  it('2,000 rows × 12 columns draw only the rows in view', () => {
    const wide: EditableColumn[] = Array.from({ length: 12 }, (_, i) => ({ key: `c${i}`, title: `列${i}`, type: 'input' }));
    const many = Array.from({ length: 2000 }, (_, r) => Object.fromEntries([['id', `r${r}`], ...wide.map((c) => [c.key, `${r}-${c.key}`])]));
    const { handle } = showTable({ columns: wide, dataSource: many, height: 400, rowHeight: 40 });
    expect(bodyRows().length).toBeLessThanOrEqual(10 + 2 * 6);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('2001');
    expect(handle().getValues().values).toHaveLength(2000);
    expect(handle().getValues().values[1999].orderNum).toBe(2000);
  });

  it('typing in a cell draws its row again, not the others', () => {
    const draws = new Map<string, number>();
    const counted: EditableColumn[] = [
      ...columns,
      { key: 'seen', title: '绘制', type: 'slot', render: ({ row }) => (draws.set(String(row.id), (draws.get(String(row.id)) ?? 0) + 1), null) },
    ];
    showTable({ columns: counted, dataSource: rows(), subTable: () => null });
    const before = new Map(draws);
    fireEvent.click(cellOf('a', 'name'));
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '甲一' } });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '甲一二' } });
    expect(draws.get('a')).toBeGreaterThan(before.get('a') ?? 0);
    expect(draws.get('b')).toBe(before.get('b'));
    expect(draws.get('c')).toBe(before.get('c'));
  });

  it('added rows get per-type defaults (the checkbox its default-checked value) and the next sort number; getValues drops their temporary id', () => {
    const { handle } = showTable({ columns, dataSource: rows() });
    act(() => void handle().addRows(1));
    act(() => void handle().insertRows(0, [{ name: '首' }]));
    const { values, deleteIds } = handle().getValues();
    expect(values.map((row) => [row.name, row.orderNum])).toEqual([
      ['首', 1],
      ['甲', 2],
      ['乙', 3],
      ['丙', 4],
      ['', 5],
    ]);
    expect(values[4]).toEqual({ name: '', value: '', amount: '', on: '1', orderNum: 5 });
    expect('id' in values[0]).toBe(false);
    expect(deleteIds).toEqual([]);
  });

  it('the toolbar deletes the selected rows after 确定要删除这 N 项吗?, renumbers, and lists them in deleteIds', async () => {
    const { handle } = showTable({ columns, dataSource: rows(), rowSelection: 'checkbox', toolbar: true });
    fireEvent.click(within(rowOf('a')).getByLabelText('选择第1行'));
    fireEvent.click(within(rowOf('c')).getByLabelText('选择第3行'));
    fireEvent.click(screen.getByRole('button', { name: '删 除' }));
    expect(await screen.findByText('确定要删除这 2 项吗?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(names()).toEqual(['乙']));
    expect(handle().getValues()).toEqual({ values: [{ id: 'b', name: '乙', value: 'y', amount: '0.20', on: '0', orderNum: 1 }], deleteIds: ['a', 'c'] });
  });

  it('插入 puts a new row above the selected one and renumbers', () => {
    const { handle } = showTable({ columns, dataSource: rows(), rowSelection: 'radio', toolbar: true });
    fireEvent.click(within(rowOf('b')).getByLabelText('选择第2行'));
    fireEvent.click(screen.getByRole('button', { name: '插 入' }));
    expect(
      handle()
        .getValues()
        .values.map((row) => [row.name, row.orderNum]),
    ).toEqual([
      ['甲', 1],
      ['', 2],
      ['乙', 3],
      ['丙', 4],
    ]);
  });

  it('§8 moving: up from the first row says 未知的操作, down from the last 已到最后~; otherwise the sort numbers follow', async () => {
    const { handle } = showTable({ columns, dataSource: rows(), rowSelection: 'radio', toolbar: true });
    fireEvent.click(within(rowOf('a')).getByLabelText('选择第1行'));
    fireEvent.click(screen.getByRole('button', { name: '上 移' }));
    expect(await screen.findByText('未知的操作')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下 移' }));
    expect(names()).toEqual(['乙', '甲', '丙']);
    act(() => handle().moveRow('c', 'down'));
    expect(await screen.findByText('已到最后~')).toBeTruthy();
    expect(
      handle()
        .getValues()
        .values.map((row) => `${String(row.id)}${String(row.orderNum)}`),
    ).toEqual(['b1', 'a2', 'c3']);
  });

  it('dragging a row by its handle onto another moves it there and renumbers', () => {
    const { handle } = showTable({ columns, dataSource: rows(), dragSort: true });
    fireEvent.dragStart(within(rowOf('c')).getByLabelText('拖动排序'), { dataTransfer: { setData: () => {}, effectAllowed: '' } });
    fireEvent.dragOver(rowOf('a'));
    fireEvent.drop(rowOf('a'));
    expect(names()).toEqual(['丙', '甲', '乙']);
    expect(
      handle()
        .getValues()
        .values.map((row) => row.orderNum),
    ).toEqual([1, 2, 3]);
  });

  it('row numbers follow the order', () => {
    showTable({ columns, dataSource: rows(), rowNumber: true });
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual(['1', '2', '3']);
  });

  it('mergeRow: a row changed in another browser replaces the fields of the row with its id', () => {
    const { handle } = showTable({ columns, dataSource: rows() });
    act(() => handle().mergeRow({ id: 'b', name: '乙改' }));
    expect(cellOf('b', 'name').textContent).toBe('乙改');
    expect(handle().getValues().values[1]).toMatchObject({ id: 'b', name: '乙改', value: 'y', orderNum: 2 });
  });

  it('setValues starts over: nothing deleted', () => {
    const { handle } = showTable({ columns, dataSource: rows() });
    act(() => handle().removeRows(['a']));
    expect(handle().getValues().deleteIds).toEqual(['a']);
    act(() => handle().setValues([{ id: 'q', name: '新' }]));
    expect(handle().getValues()).toEqual({ values: [{ id: 'q', name: '新', orderNum: 1 }], deleteIds: [] });
  });
});

describe('§5 editable table validation', () => {
  it('validate() answers every failing cell, flags them and shows the first message as a tooltip', async () => {
    const { handle } = showTable({ columns, dataSource: [...rows(), { id: 'd', name: '', value: 'x', amount: '1.234', on: '1' }] });
    let errors: Awaited<ReturnType<ReturnType<typeof handle>['validate']>> = [];
    await act(async () => {
      errors = await handle().validate();
    });
    expect(errors.map((error) => [error.rowId, error.key, error.message])).toEqual([
      ['a', 'value', '数据值不能重复'],
      ['d', 'name', '请输入名称'],
      ['d', 'value', '数据值不能重复'],
      ['d', 'amount', '金额须为金额'],
    ]);
    expect(cellOf('d', 'name').getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('数据值不能重复')).toBeTruthy();
  });

  it('a cell is checked as it is edited; fixing a duplicate clears the cell it clashed with', async () => {
    const { handle } = showTable({ columns, dataSource: rows() });
    fireEvent.click(cellOf('b', 'value'));
    fireEvent.change(screen.getByLabelText('数据值'), { target: { value: 'x' } });
    expect(cellOf('b', 'value').getAttribute('aria-invalid')).toBe('true');
    await act(async () => void (await handle().validate()));
    expect(cellOf('a', 'value').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(cellOf('b', 'value'));
    fireEvent.change(screen.getByLabelText('数据值'), { target: { value: 'w' } });
    expect(cellOf('b', 'value').getAttribute('aria-invalid')).toBeNull();
    expect(cellOf('a', 'value').getAttribute('aria-invalid')).toBeNull();
  });

  it('an async handler rule (a server duplicate check) flags the cell with the answer', async () => {
    const check = vi.fn(async (value: unknown) => (value === 'taken' ? '该值不可用，系统中已存在！' : null));
    const { handle } = showTable({
      columns: [{ key: 'value', title: '数据值', type: 'input', validateRules: [{ handler: check }] }],
      dataSource: [
        { id: 'a', value: 'taken' },
        { id: 'b', value: 'free' },
      ],
    });
    let errors: { message: string }[] = [];
    await act(async () => {
      errors = await handle().validate();
    });
    expect(errors.map((error) => error.message)).toEqual(['该值不可用，系统中已存在！']);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('validate() of 2,000 valid rows × 12 ruled columns finds nothing, within a second even in happy-dom', async () => {
    const wide: EditableColumn[] = Array.from({ length: 12 }, (_, i) => ({
      key: `c${i}`,
      title: `列${i}`,
      type: 'input',
      validateRules: [{ required: true }, { pattern: 'n' }, ...(i === 0 ? [{ unique: true as const }] : [])],
    }));
    const many = Array.from({ length: 2000 }, (_, r) => Object.fromEntries([['id', `r${r}`], ...wide.map((c) => [c.key, String(r)])]));
    const { handle } = showTable({ columns: wide, dataSource: many });
    let errors: unknown[] = [];
    const started = performance.now();
    await act(async () => {
      errors = await handle().validate();
    });
    expect(errors).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('§3 statistics, detail and sub-table', () => {
  it('sum and average rows are exact and follow edits', () => {
    showTable({ columns, dataSource: rows() });
    const stat = (label: string) => (screen.getByRole('row', { name: label }).querySelector('[data-key="amount"]') as HTMLElement).textContent;
    expect(stat('合计')).toBe('0.30');
    expect(stat('平均值')).toBe('0.15');
    fireEvent.click(cellOf('c', 'amount'));
    fireEvent.change(screen.getByLabelText('金额'), { target: { value: '0.7' } });
    expect(stat('合计')).toBe('1.00');
    expect(stat('平均值')).toBe('0.33');
  });

  it('§9 详情 opens the row in the 1200 px detail modal', async () => {
    showTable({ columns, dataSource: rows(), detail: { title: '字典项详情' } });
    fireEvent.click(within(rowOf('b')).getByRole('button', { name: /^详\s?情$/ }));
    const modal = (await screen.findByText('字典项详情')).closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByText('乙')).toBeTruthy();
    expect(within(modal).getByText('数据值')).toBeTruthy();
    expect(modal.style.width).toBe('1200px');
  });

  it('§9 the sub-table opens in a popover, retried 3 times at 100 ms; then §8 打开子表失败', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('not ready'))
      .mockResolvedValueOnce(<span>子表内容</span>)
      .mockRejectedValue(new Error('gone'));
    showTable({ columns, dataSource: rows(), subTable: load });
    fireEvent.click(within(rowOf('a')).getByLabelText('展开第1行'));
    expect(await screen.findByText('子表内容')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    fireEvent.click(within(rowOf('b')).getByLabelText('展开第2行'));
    expect(await screen.findByText('打开子表失败', undefined, { timeout: 2000 })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(6);
  });
});
