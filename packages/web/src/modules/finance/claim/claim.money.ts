import { fromCents, MONEY_PATTERN, toCents, type ClaimRecord } from '@sbwq/contracts';
import { formatMoney } from '../pool/pool.api.ts';

/** 申请金额 − 扣减项: what the organisation asks to be paid (never below 0). */
export function netAmount(claim: Pick<ClaimRecord, 'applyAmount' | 'deductions'>): string {
  const net = toCents(claim.applyAmount) - toCents(claim.deductions || '0');
  return fromCents(net > 0n ? net : 0n);
}

/**
 * The most a reviewer may approve (核定金额): the net asked, and no more than the batch still holds
 * for claims (`available`, its frozen money less what other claims were approved for).
 */
export function approvedLimit(claim: Pick<ClaimRecord, 'applyAmount' | 'deductions'>, available: string | null | undefined): string {
  const net = netAmount(claim);
  if (available === null || available === undefined || !MONEY_PATTERN.test(available)) return net;
  return toCents(available) < toCents(net) ? available : net;
}

/** Why a 核定金额 is refused before anything is sent, or null. */
export function approvedAmountError(value: string | undefined, limit: string): string | null {
  const text = value?.trim() ?? '';
  if (!text) return '请填写核定金额';
  if (!MONEY_PATTERN.test(text)) return '核定金额应为数字，最多两位小数';
  if (toCents(text) <= 0n) return '核定金额应大于0';
  if (toCents(text) > toCents(limit)) return `核定金额不能超过 ${formatMoney(limit)} 元`;
  return null;
}

/** Sum of money strings, exactly. */
export const sumMoney = (values: readonly (string | null | undefined)[]): string =>
  fromCents(values.reduce<bigint>((sum, v) => (v && MONEY_PATTERN.test(v.trim()) ? sum + toCents(v.trim()) : sum), 0n));
