import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIdleTrim } from './idle-trim.ts';

afterEach(() => void vi.useRealTimers());

describe('idle trim (issue 35: memory back within 50 MB of idle a minute after a load)', () => {
  it('collects once when a burst of requests is over and the heap grew past its slack, not while requests keep coming, not when idle all along', () => {
    vi.useFakeTimers();
    let collections = 0;
    const trim = startIdleTrim({ everyMs: 1000, afterStartMs: 500, slackBytes: 0, gc: () => void collections++ });
    const held: number[][] = [];
    try {
      vi.advanceTimersByTime(3000);
      expect(collections, 'once after start, then idle: nothing more to give back').toBe(1);
      for (let i = 0; i < 200; i++) held.push(Array.from({ length: 20_000 }, (_, n) => n));
      for (let i = 0; i < 5; i++) {
        trim.served();
        vi.advanceTimersByTime(1000);
      }
      expect(collections, 'still serving').toBe(1);
      vi.advanceTimersByTime(1000);
      expect(collections, 'the burst is over').toBe(2);
      vi.advanceTimersByTime(5000);
      expect(collections, 'once per burst').toBe(2);
    } finally {
      trim.stop();
    }
    expect(held.length).toBe(200);
  });

  it('a burst that left the heap within its slack is not collected', () => {
    vi.useFakeTimers();
    let collections = 0;
    const trim = startIdleTrim({ everyMs: 1000, afterStartMs: 500, slackBytes: 1024 ** 3, gc: () => void collections++ });
    vi.advanceTimersByTime(600);
    trim.served();
    vi.advanceTimersByTime(3000);
    trim.stop();
    expect(collections, 'only the one after start').toBe(1);
  });
});
