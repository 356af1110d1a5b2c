import { describe, expect, it } from 'vitest';
import { MoneyMsg, fitsMoneyColumn, nonNegativeMoney, positiveMoney, signedMoney, toCents } from './money.ts';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('money at the limit of its numeric(14,2) column (DEVELOPERS: an amount at the limit gets a message naming it)', () => {
  it('the largest amount the column holds is accepted by every money schema', () => {
    expect(positiveMoney.parse('999999999999.99')).toBe('999999999999.99');
    expect(nonNegativeMoney.parse('999999999999.99')).toBe('999999999999.99');
    expect(signedMoney.parse('-999999999999.99')).toBe('-999999999999.99');
  });

  it('a 13- or 20-digit amount is refused with the limit, not called malformed', () => {
    for (const schema of [positiveMoney, nonNegativeMoney, signedMoney]) {
      for (const v of ['1000000000000', '12345678901234567890', '12345678901234567890.5']) {
        expect(messages(schema.safeParse(v))).toEqual([MoneyMsg.tooLarge]);
      }
    }
    expect(messages(signedMoney.safeParse('-1000000000000.00'))).toEqual([MoneyMsg.tooLarge]);
    expect(MoneyMsg.tooLarge).toContain('999,999,999,999.99');
  });

  it('malformed input keeps its own message', () => {
    expect(new Set(messages(positiveMoney.safeParse('1.234')))).toEqual(new Set([MoneyMsg.positive]));
    expect(new Set(messages(positiveMoney.safeParse('0')))).toEqual(new Set([MoneyMsg.positive]));
  });

  it('fitsMoneyColumn is exact at both ends', () => {
    expect(fitsMoneyColumn(toCents('999999999999.99'))).toBe(true);
    expect(fitsMoneyColumn(toCents('1000000000000.00'))).toBe(false);
    expect(fitsMoneyColumn(toCents('-999999999999.99'))).toBe(true);
    expect(fitsMoneyColumn(toCents('-1000000000000.00'))).toBe(false);
  });
});
