import { describe, expect, it } from 'vitest';
import { ellipsis, formatDate, formatMoney, formatMoneyInText, formatNumber } from './format.ts';

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

  it('§9 number filter inside a sentence: every amount before 元 gets separators and two decimals, other numbers stay', () => {
    expect(formatMoneyInText('线索数量 7，申请金额 3001.00 元')).toBe('线索数量 7，申请金额 3,001.00 元');
    expect(formatMoneyInText('撤销原因：重复；解冻 12500 元')).toBe('撤销原因：重复；解冻 12,500.00 元');
    expect(formatMoneyInText('初审：通过，核定 1234567.5元')).toBe('初审：通过，核定 1,234,567.50元');
    expect(formatMoneyInText('已是 1,000.00 元')).toBe('已是 1,000.00 元');
    expect(formatMoneyInText(null)).toBe('');
  });
});
