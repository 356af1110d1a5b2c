import type { RightRecord } from '@sbwq/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rightBodyOf, rightFormValues, validityText } from './rightForm.ts';

describe('DOMAIN protected-rights record form', () => {
  it('专用权期限 shown while typing: ten years from registration, ending the day before', () => {
    expect(validityText(dayjs('2016-03-14'))).toBe('2016-03-14 至 2026-03-13');
    expect(validityText(dayjs('2016-02-29'))).toBe('2016-02-29 至 2026-02-28');
    expect(validityText(null)).toBeNull();
  });

  it('the body: trimmed texts, dates as YYYY-MM-DD, empty as null, the id on edit', () => {
    const body = rightBodyOf(
      { trademarkName: ' 华光 ', regNo: '12345678', niceClass: '9', regDate: dayjs('2016-03-14'), remark: '  ', authEndDate: null },
      'r1',
    );
    expect(body).toMatchObject({
      id: 'r1',
      trademarkName: '华光',
      regNo: '12345678',
      niceClass: '9',
      regDate: '2016-03-14',
      remark: null,
      authEndDate: null,
      markImage: null,
    });
    expect(rightBodyOf({})).not.toHaveProperty('id');
  });

  it('a new record starts as 普通商标, 注册有效; a saved one fills the form back', () => {
    expect(rightFormValues(null)).toEqual({ trademarkType: '1', legalStatus: '1' });
    const values = rightFormValues({ trademarkName: '华光', regDate: '2016-03-14', authStartDate: null, markImage: 'p' } as unknown as RightRecord);
    expect(values.trademarkName).toBe('华光');
    expect(values.regDate?.format('YYYY-MM-DD')).toBe('2016-03-14');
    expect(values.authStartDate).toBeNull();
  });
});
