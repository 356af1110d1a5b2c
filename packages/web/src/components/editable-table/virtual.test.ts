import { describe, expect, it, vi } from 'vitest';
import { SUB_TABLE_FAILED, withRetries } from './retry.ts';
import { scrollTopFor, visibleRange } from './virtual.ts';

describe('virtual rows: only the rows in view are drawn', () => {
  it('2,000 rows of 40 px in a 400 px window draw the ten in view and the overscan', () => {
    expect(visibleRange(2000, 40, 400, 0, 6)).toEqual({ start: 0, end: 16 });
    expect(visibleRange(2000, 40, 400, 40 * 1000, 6)).toEqual({ start: 994, end: 1016 });
    expect(visibleRange(2000, 40, 400, 40 * 2000, 6)).toEqual({ start: 1994, end: 2000 });
    expect(visibleRange(0, 40, 400, 0)).toEqual({ start: 0, end: 0 });
  });

  it('scrolls a row into view only when it is out of view', () => {
    expect(scrollTopFor(100, 40, 400, 0)).toBe(40 * 101 - 400);
    expect(scrollTopFor(3, 40, 400, 400)).toBe(120);
    expect(scrollTopFor(12, 40, 400, 400)).toBe(400);
  });
});

describe('§9 sub-table popover retries 3 times at 100 ms', () => {
  it('succeeds on the fourth attempt, 100 ms apart', async () => {
    vi.useFakeTimers();
    const attempt = vi
      .fn()
      .mockRejectedValueOnce(new Error('x'))
      .mockRejectedValueOnce(new Error('x'))
      .mockRejectedValueOnce(new Error('x'))
      .mockResolvedValue('ok');
    const result = withRetries(attempt);
    await vi.advanceTimersByTimeAsync(299);
    expect(attempt).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(4);
    vi.useRealTimers();
  });

  it('gives up after the third retry', async () => {
    vi.useFakeTimers();
    const attempt = vi.fn().mockRejectedValue(new Error(SUB_TABLE_FAILED));
    const result = withRetries(attempt);
    const settled = expect(result).rejects.toThrow(SUB_TABLE_FAILED);
    await vi.advanceTimersByTimeAsync(300);
    await settled;
    expect(attempt).toHaveBeenCalledTimes(4);
    vi.useRealTimers();
  });
});
