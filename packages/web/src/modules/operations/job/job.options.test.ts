import { nextRunTimes } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import { chinaTimeText, durationText } from './job.options.ts';

// Issue #25 定时任务: the form's "next five run times" are written as every date of the system (GMT+8),
// whatever zone the browser is in; the run history's durations read as a person says them.

describe('定时任务 run times and durations (issue #25)', () => {
  it('writes an instant in China time: 18:30 UTC is 02:30 the next day', () => {
    expect(chinaTimeText(new Date('2026-11-26T18:30:00Z'))).toBe('2026-11-27 02:30:00');
  });

  it('the preview of 0 30 2 * * * is five consecutive days at 02:30 China time', () => {
    const times = nextRunTimes('0 30 2 * * *', 5, new Date('2026-11-26T00:00:00Z')).map(chinaTimeText);
    expect(times).toEqual(['2026-11-27 02:30:00', '2026-11-28 02:30:00', '2026-11-29 02:30:00', '2026-11-30 02:30:00', '2026-12-01 02:30:00']);
  });

  it('durations: milliseconds, seconds with one decimal, then minutes and seconds', () => {
    expect([durationText(null), durationText(412), durationText(3_240), durationText(125_000)]).toEqual(['—', '412 毫秒', '3.2 秒', '2 分 5 秒']);
  });
});
