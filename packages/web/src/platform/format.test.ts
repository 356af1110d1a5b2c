import { describe, expect, it } from 'vitest';
import { ellipsis, formatDate, formatMoney, formatNumber } from './format.ts';

describe('spec §9 input and display formatters', () => {
  it('number filter adds thousands separators, keeping sign and decimals', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber('-9876543.21')).toBe('-9,876,543.21');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(null)).toBe('');
  });

  it('money has thousands separators and exactly 2 decimals, from the decimal string', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-1000')).toBe('-1,000.00');
    expect(formatMoney('90071992547409.99')).toBe('90,071,992,547,409.99');
    expect(formatMoney('')).toBe('');
  });

  it('ellipsis cuts at 25 characters by default', () => {
    expect(ellipsis('一'.repeat(25))).toBe('一'.repeat(25));
    expect(ellipsis('一'.repeat(26))).toBe(`${'一'.repeat(25)}...`);
    expect(ellipsis('abcdef', 3)).toBe('abc...');
  });

  it('dates default to YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDate(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(formatDate('2026-03-01', 'YYYY年MM月')).toBe('2026年03月');
    expect(formatDate('not a date')).toBe('');
  });
});
