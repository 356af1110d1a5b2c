import { describe, expect, it } from 'vitest';
import { averageOf, sumOf } from './statistics.ts';

describe('§3 editable table statistics (sum / average), exact', () => {
  it('sums decimals without float drift: 0.1 + 0.2 is 0.3', () => {
    expect(sumOf([{ v: 0.1 }, { v: 0.2 }], 'v')).toBe('0.3');
    expect(sumOf([{ v: '19.99' }, { v: '0.01' }, { v: 5 }], 'v')).toBe('25.00');
  });

  it('skips blank and non-numeric cells; an empty column sums to 0', () => {
    expect(sumOf([{ v: '' }, { v: null }, { v: 'abc' }, { v: '3' }], 'v')).toBe('3');
    expect(sumOf([], 'v')).toBe('0');
  });

  it('sums large money amounts exactly', () => {
    const rows = Array.from({ length: 2000 }, () => ({ v: '99999999999.99' }));
    expect(sumOf(rows, 'v')).toBe('199999999999980.00');
  });

  it('handles negatives', () => {
    expect(sumOf([{ v: '-1.50' }, { v: '1' }], 'v')).toBe('-0.50');
  });

  it('averages over numeric cells only, to 2 decimals, rounded half up', () => {
    expect(averageOf([{ v: 1 }, { v: 2 }], 'v')).toBe('1.50');
    expect(averageOf([{ v: '10' }, { v: '' }, { v: '0.01' }], 'v')).toBe('5.01');
    expect(averageOf([{ v: 1 }, { v: 1 }, { v: 2 }], 'v')).toBe('1.33');
    expect(averageOf([{ v: '0.005' }, { v: '0' }], 'v')).toBe('0.003');
    expect(averageOf([{ v: '-1' }, { v: '-2' }], 'v')).toBe('-1.50');
    expect(averageOf([], 'v')).toBe('');
  });
});
