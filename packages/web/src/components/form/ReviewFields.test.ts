import { describe, expect, it } from 'vitest';
import { approvedAmountError } from './ReviewFields.tsx';

describe('核定金额 of a review decision (DOMAIN clue batch and claim flows: approved ≤ its limit)', () => {
  it('required, a positive amount with at most two decimals, never above its limit (compared exactly in cents)', () => {
    const tooMuch = '核定金额不能大于申请金额';
    expect(approvedAmountError('', '3000.00', tooMuch)).toBe('请填写核定金额');
    expect(approvedAmountError('12.345', '3000.00', tooMuch)).toBe('核定金额应为数字，最多两位小数');
    expect(approvedAmountError('-1', '3000.00', tooMuch)).toBe('核定金额应为数字，最多两位小数');
    expect(approvedAmountError('0', '3000.00', tooMuch)).toBe('核定金额应大于0');
    expect(approvedAmountError('3000.01', '3000.00', tooMuch)).toBe(tooMuch);
    expect(approvedAmountError('3000', '3000.00', tooMuch)).toBeNull();
    expect(approvedAmountError(' 0.1 ', '0.30', tooMuch)).toBeNull();
    expect(approvedAmountError('12345678901234567890', '3000.00', tooMuch)).toBe('金额不能超过 999,999,999,999.99 元');
  });
});
