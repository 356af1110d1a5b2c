import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showTable } from './testKit.tsx';
import type { EditableColumn } from './types.ts';

const columns: EditableColumn[] = [
  { key: 'amount', title: '金额', type: 'input', statistics: ['sum', 'average'], validateRules: [{ pattern: 'money' }] },
  { key: 'count', title: '数量', type: 'input', statistics: ['sum'], validateRules: [{ pattern: 'n' }] },
];

describe('§9 number filter on the statistics rows', () => {
  it('a money column’s 合计 and 平均值 read with thousands separators and two decimals; a count column with separators', () => {
    showTable({
      columns,
      dataSource: [
        { id: 'a', amount: '1234567.5', count: '1500' },
        { id: 'b', amount: '2000', count: '250' },
      ],
    });
    const stat = (label: string, key: string) => (screen.getByRole('row', { name: label }).querySelector(`[data-key="${key}"]`) as HTMLElement).textContent;
    expect(stat('合计', 'amount')).toBe('1,236,567.50');
    expect(stat('平均值', 'amount')).toBe('618,283.75');
    expect(stat('合计', 'count')).toBe('1,750');
  });
});
