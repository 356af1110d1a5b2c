import { describe, expect, it } from 'vitest';
import { addMonths, chinaToday, isCalendarDate } from './common.ts';
import { computeExpireDate, rightBody, rightFlags } from './right.ts';
import { bankAccountBody, maskAccountNo } from './bank.ts';

describe('DOMAIN protected-rights record: 专用权期限 and derived flags (fixed dates)', () => {
  it('专用权期限 runs ten years from registration, ending the day before (also across 29 February)', () => {
    expect(computeExpireDate('2016-03-14')).toBe('2026-03-13');
    expect(computeExpireDate('2016-01-01')).toBe('2025-12-31');
    expect(computeExpireDate('2016-02-29')).toBe('2026-02-28');
    expect(computeExpireDate('2016-03-01')).toBe('2026-02-28');
  });

  it('即将到期: expiry today or within 12 months', () => {
    const today = '2026-06-15';
    expect(rightFlags('2026-06-15', null, today)).toMatchObject({ expiringSoon: true, inGracePeriod: false, expired: false, flagTexts: ['即将到期'] });
    expect(rightFlags('2027-06-15', null, today).expiringSoon).toBe(true);
    expect(rightFlags('2027-06-16', null, today).expiringSoon).toBe(false);
  });

  it('宽展期: the six months after expiry; 已过期: after that', () => {
    const today = '2026-06-15';
    expect(rightFlags('2026-06-14', null, today)).toMatchObject({ expiringSoon: false, inGracePeriod: true, expired: false, flagTexts: ['宽展期'] });
    expect(rightFlags('2025-12-15', null, today)).toMatchObject({ inGracePeriod: true, expired: false });
    expect(rightFlags('2025-12-14', null, today)).toMatchObject({ inGracePeriod: false, expired: true, flagTexts: ['已过期'] });
    // month ends clamp as PostgreSQL's date + interval does: 2025-08-31 + 6 months = 2026-02-28
    expect(rightFlags('2025-08-31', null, '2026-02-28').inGracePeriod).toBe(true);
    expect(rightFlags('2025-08-31', null, '2026-03-01').expired).toBe(true);
  });

  it('授权过期: the authorisation end date has passed (independent of the mark)', () => {
    expect(rightFlags('2030-01-01', '2026-06-14', '2026-06-15')).toMatchObject({ authExpired: true, flagTexts: ['授权过期'] });
    expect(rightFlags('2030-01-01', '2026-06-15', '2026-06-15').authExpired).toBe(false);
    expect(rightFlags('2026-01-01', '2026-01-01', '2026-06-15').flagTexts).toEqual(['宽展期', '授权过期']);
  });

  it('date helpers: month arithmetic clamps, calendar dates are real, today is China time', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-12-15', 12)).toBe('2026-12-15');
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(chinaToday(new Date('2026-01-01T16:30:00Z'))).toBe('2026-01-02');
  });

  it('the form schema: Nice class 1–45, registration number shape, dates, authorisation period order', () => {
    const base = { trademarkName: '华光', regNo: '12345678', niceClass: 9, registrant: '某公司', regDate: '2016-03-14' };
    expect(rightBody.parse(base)).toMatchObject({ niceClass: '9', trademarkType: '1', legalStatus: '1', markImage: null });
    expect(rightBody.safeParse({ ...base, niceClass: '46' }).success).toBe(false);
    expect(rightBody.safeParse({ ...base, niceClass: '0' }).success).toBe(false);
    expect(rightBody.safeParse({ ...base, regNo: '12;drop' }).success).toBe(false);
    expect(rightBody.parse({ ...base, regNo: 'g1234567' }).regNo).toBe('G1234567');
    expect(rightBody.safeParse({ ...base, regDate: '2016-13-01' }).success).toBe(false);
    expect(rightBody.safeParse({ ...base, authStartDate: '2026-01-01', authEndDate: '2025-01-01' }).success).toBe(false);
    expect(
      rightBody.safeParse({ ...base, markImage: 'a/20260101/0123456789abcdef0123456789abcdef.png,b/20260101/0123456789abcdef0123456789abcdef.png' }).success,
    ).toBe(false);
  });
});

describe('DOMAIN bank account: account numbers validated and masked', () => {
  it('masks all but the first and last four digits', () => {
    expect(maskAccountNo('6222021234561234')).toBe('6222 **** **** 1234');
    expect(maskAccountNo('6222021234561234567')).toBe('6222 **** **** **** 4567');
    expect(maskAccountNo('123456789012')).toBe('1234 **** 9012');
    expect(maskAccountNo('12345678')).toBe('**** 5678');
    expect(maskAccountNo('')).toBe('****');
  });

  it('account numbers are 8–30 digits; spaces are ignored', () => {
    const base = { accountName: '某公司', bankName: '中国工商银行', branchName: '杭州分行', accountNature: '1' };
    expect(bankAccountBody.parse({ ...base, accountNo: '6222 0212 3456 1234' }).accountNo).toBe('6222021234561234');
    for (const accountNo of ['1234567', '1'.repeat(31), '6222abcd12345678', "1234567890' or 1=1"]) {
      expect(bankAccountBody.safeParse({ ...base, accountNo }).success, accountNo).toBe(false);
    }
    expect(bankAccountBody.safeParse({ ...base, accountNo: '12345678', bankCode: '12345' }).success).toBe(false);
  });
});
