import { describe, expect, it } from 'vitest';
import { fromSearchParams, toSearchParams } from './searchParams.ts';
import type { SearchField } from './types.ts';

const fields: SearchField[] = [
  { name: 'trademarkName', label: '商标名称' },
  { name: 'expiryFlag', label: '到期提醒', type: 'select', options: [{ value: 'expiringSoon', label: '即将到期' }], hidden: true },
  { name: 'expireDate', label: '有效期至', type: 'dateRange', hidden: true },
];

describe('a list opened from a dashboard figure starts filtered by its address (JEECG-API §6.1 query names)', () => {
  it('reads its own search fields, dates as ranges, and sends them as the search form would', () => {
    const query = new URLSearchParams('expiryFlag=expiringSoon&expireDate_begin=2026-12-01&expireDate_end=2026-12-31&trademarkName=*华光*&other=x');
    const values = fromSearchParams(fields, query);
    expect(Object.keys(values)).toEqual(['trademarkName', 'expiryFlag', 'expireDate']);
    expect(values.trademarkName).toBe('华光');
    expect(toSearchParams(fields, values)).toEqual({
      trademarkName: '*华光*',
      expiryFlag: 'expiringSoon',
      expireDate_begin: '2026-12-01',
      expireDate_end: '2026-12-31',
    });
  });

  it('an address without a filter gives an empty form', () => {
    expect(fromSearchParams(fields, new URLSearchParams(''))).toEqual({});
  });
});
