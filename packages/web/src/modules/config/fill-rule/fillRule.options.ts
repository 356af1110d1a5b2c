import type { FillDatePattern, FillResetCycle } from '@sbwq/contracts';
import dayjs from 'dayjs';

export const DATE_PATTERN_TEXT: Record<FillDatePattern, string> = {
  yyyyMMdd: '年月日（yyyyMMdd）',
  yyyyMM: '年月（yyyyMM）',
  yyyy: '年（yyyy）',
  none: '不含日期',
};

export const RESET_CYCLE_TEXT: Record<FillResetCycle, string> = {
  day: '每日重置',
  month: '每月重置',
  year: '每年重置',
  never: '不重置',
};

const DAYJS_FORMAT: Record<FillDatePattern, string | null> = { yyyyMMdd: 'YYYYMMDD', yyyyMM: 'YYYYMM', yyyy: 'YYYY', none: null };

/** What the first number of a rule looks like today, e.g. `XS20261122001`. */
export function sampleCode(rule: { prefix?: string | null; datePattern?: FillDatePattern; seqWidth?: number | string | null }): string {
  const format = DAYJS_FORMAT[rule.datePattern ?? 'yyyyMMdd'];
  const width = Math.min(Math.max(Number(rule.seqWidth) || 1, 1), 10);
  return `${rule.prefix ?? ''}${format ? dayjs().format(format) : ''}${'1'.padStart(width, '0')}`;
}
