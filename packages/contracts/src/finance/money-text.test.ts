import { describe, expect, it } from 'vitest';
import { BatchMsg } from '../rights/batch.ts';
import { MONEY_COLUMN_MAX, MONEY_COLUMN_MAX_TEXT, moneyText } from './money.ts';

describe('spec §9 number filter: amounts in server-written texts carry thousands separators and two decimals', () => {
  it('groups the whole part by thousands and always shows two decimals, exactly', () => {
    expect(moneyText('11000')).toBe('11,000.00');
    expect(moneyText('2501.5')).toBe('2,501.50');
    expect(moneyText('999.99')).toBe('999.99');
    expect(moneyText('0')).toBe('0.00');
    expect(moneyText('-1234567.89')).toBe('-1,234,567.89');
    expect(moneyText(250_100n)).toBe('2,501.00');
    expect(moneyText(MONEY_COLUMN_MAX)).toBe(MONEY_COLUMN_MAX_TEXT);
    expect(moneyText(123_456_789_012_345_678_901n)).toBe('1,234,567,890,123,456,789.01');
  });

  it('the refusal at the organisation cap names what is left the same way', () => {
    expect(BatchMsg.capReached('58000')).toBe('已超过资金池单机构上限，本机构在该资金池尚可申请 58,000.00 元');
  });
});
