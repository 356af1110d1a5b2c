import { fromCents, MONEY_PATTERN, toCents, type ClaimRecord } from '@sbwq/contracts';

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

/** Sum of money strings, exactly. */
export const sumMoney = (values: readonly (string | null | undefined)[]): string =>
  fromCents(values.reduce<bigint>((sum, v) => (v && MONEY_PATTERN.test(v.trim()) ? sum + toCents(v.trim()) : sum), 0n));
