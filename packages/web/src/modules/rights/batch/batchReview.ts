import { BatchStatus, MONEY_PATTERN, toCents, type BatchRecord } from '@sbwq/contracts';

/**
 * The review that decides the money (核定金额): 复审 always; 初审 when 申请金额 is not above the 复审
 * threshold (DOMAIN: 待复审 only above it). `threshold` is the dictionary's text; an unusable one
 * falls back to the server's default, as the server does.
 */
export function isFinalReview(batch: Pick<BatchRecord, 'status' | 'applyAmount'>, threshold: string | undefined, fallback: string): boolean {
  if (batch.status === BatchStatus.secondReview) return true;
  if (batch.status !== BatchStatus.pending) return false;
  const limit = threshold && MONEY_PATTERN.test(threshold.trim()) ? threshold.trim() : fallback;
  return toCents(batch.applyAmount) <= toCents(limit);
}
