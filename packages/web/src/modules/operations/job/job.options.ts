import type { JobOutcome } from '@sbwq/contracts';

export const OUTCOME_COLORS: Record<JobOutcome, string> = { running: 'processing', success: 'green', failed: 'red', interrupted: 'orange' };

/** An instant as every date of the system is written: `yyyy-MM-dd HH:mm:ss` in China time (GMT+8), whatever the browser's zone. */
export function chinaTimeText(instant: Date): string {
  const iso = new Date(instant.getTime() + 8 * 3600_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

/** A duration in milliseconds as a person reads it: 412 毫秒, 3.2 秒, 2 分 5 秒. */
export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1000) return `${ms} 毫秒`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} 秒`;
  return `${Math.floor(ms / 60_000)} 分 ${Math.round((ms % 60_000) / 1000)} 秒`;
}
