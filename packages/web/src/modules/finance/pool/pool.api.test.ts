import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../platform/format.ts';
import { newRequestKey } from './pool.api.ts';

describe('pool money display', () => {
  it('groups thousands and always shows two decimals, without ever going through a float', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('-1000.00')).toBe('-1,000.00');
    expect(formatMoney('999999999999.99')).toBe('999,999,999,999.99');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney(null)).toBe('');
  });

  it('makes request keys the server accepts, a new one each time', () => {
    const a = newRequestKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newRequestKey()).not.toBe(a);
  });
});
