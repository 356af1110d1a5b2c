import { describe, expect, it } from 'vitest';
import { CELL_BORDER, CELL_PADDING, KIND_TEXT_WIDTH, kindColumn, kindText, kindWidth } from './columnKinds.tsx';
import { arrangeColumns, isColumnShown } from './useColumnSettings.ts';
import { actionColumnWidth } from './tableLayout.ts';

type Row = { id: string; amount: string | null; day: string | null; at: string | null };

describe('column kinds: amounts and dates are shown whole, in one format (spec §9 number filter and date format)', () => {
  it('formats money with separators and two decimals, a date as YYYY-MM-DD and a date-time as YYYY-MM-DD HH:mm:ss', () => {
    expect(kindText('money', '1234567.5')).toBe('1,234,567.50');
    expect(kindText('money', '-300')).toBe('-300.00');
    expect(kindText('money', null)).toBe('');
    expect(kindText('date', '2026-02-08')).toBe('2026-02-08');
    expect(kindText('date', '2026-02-08 10:11:12')).toBe('2026-02-08');
    expect(kindText('datetime', '2026-02-08 10:11:12')).toBe('2026-02-08 10:11:12');
    expect(kindText('datetime', '')).toBe('');
  });

  it('a kind sets the width from its text plus the cell’s padding, right-aligns amounts, never wraps or cuts', () => {
    const money = kindColumn<Row>({ title: '金额', dataIndex: 'amount', kind: 'money', width: 60, ellipsis: true });
    expect(money.width).toBe(KIND_TEXT_WIDTH.money + 2 * CELL_PADDING.medium + CELL_BORDER);
    expect(money.align).toBe('right');
    expect(money.ellipsis).toBe(false);
    expect(money.onCell?.({ id: '1', amount: '1', day: null, at: null }, 0).style).toMatchObject({ whiteSpace: 'nowrap' });
    expect(money.render?.('3001', { id: '1', amount: '3001', day: null, at: null }, 0)).toBe('3,001.00');
    // 默认 density pads cells twice as much
    expect(kindWidth('datetime', 'large')).toBe(KIND_TEXT_WIDTH.datetime + 2 * CELL_PADDING.large + CELL_BORDER);
  });

  it('an amount longer than the room widens its column instead of being cut', () => {
    const rows: Row[] = [{ id: '1', amount: '999999999999.99', day: null, at: null }];
    const wide = kindColumn<Row>({ title: '金额', dataIndex: 'amount', kind: 'money' }, 'medium', rows);
    expect(Number(wide.width)).toBeGreaterThan(kindWidth('money'));
  });

  it('a column without a kind is left as it is', () => {
    const plain = { title: '名称', dataIndex: 'name', width: 120, ellipsis: true };
    expect(kindColumn(plain)).toEqual(plain);
  });
});

describe('列设置 defaults: what a list shows first fits the screen, the rest is one tick away', () => {
  const columns = [
    { title: '名称', dataIndex: 'name' },
    { title: '来源', dataIndex: 'source', defaultHidden: true },
    { title: '金额', dataIndex: 'amount', kind: 'money' as const },
  ];
  const titles = (settings: Parameters<typeof arrangeColumns>[1]) => arrangeColumns(columns, settings).map((c) => c.title);

  it('a column hidden by default is left out until the user shows it; one the user hid stays hidden', () => {
    expect(titles(null)).toEqual(['名称', '金额']);
    expect(titles({ order: [], hidden: [], shown: ['source'] })).toEqual(['名称', '来源', '金额']);
    expect(titles({ order: [], hidden: ['amount'] })).toEqual(['名称']);
    expect(isColumnShown('source', true, { order: [], hidden: ['source'], shown: ['source'] })).toBe(false);
  });
});

describe('the 操作 column fits its buttons', () => {
  it('is the measured width of the widest row’s buttons plus the cell’s padding, the estimate until measured', () => {
    expect(actionColumnWidth(146.2, 'medium')).toBe(147 + 2 * CELL_PADDING.medium + CELL_BORDER);
    expect(actionColumnWidth(146.2, 'large')).toBe(147 + 2 * CELL_PADDING.large + CELL_BORDER);
    expect(actionColumnWidth(null, 'medium', 200)).toBe(200);
    expect(actionColumnWidth(20, 'medium')).toBe(60);
  });
});
