import type { ProcessRow } from '@sbwq/contracts';
import { describe, expect, it, vi } from 'vitest';
import { addSamples, formatBytes, formatUptime, HISTORY_MINUTES, historyOption, KEPT_HISTORY_KEY, recentHistory } from './monitorFormat.ts';

const facts = {
  cpuPercent: 12.5,
  rss: 200 * 1048576,
  heapUsed: 50 * 1048576,
  heapTotal: 80 * 1048576,
  external: 0,
  loopMean: 1,
  loopP99: 3.2,
  loopMax: 9,
  uptime: 60,
  nodeVersion: 'v24.11.0',
  sockets: 0,
  requests: 0,
  loadAvg: [0, 0, 0],
  cpus: 2,
  totalMem: 1,
  freeMem: 1,
};
const row = (id: string, seenAt: number, online = true): ProcessRow => ({
  id,
  host: 'h',
  pid: id.length,
  startedAt: new Date(0).toISOString(),
  seenAt: new Date(seenAt).toISOString(),
  online,
  current: false,
  facts,
});

describe('服务器监控 history kept in the browser (issue: charts over the last minutes, refreshed every few seconds)', () => {
  it('adds one sample per heartbeat of each live process, never the same heartbeat twice', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    let h = addSamples({}, [row('a', now - 5000), row('bb', now - 5000)], now);
    h = addSamples(h, [row('a', now - 5000), row('bb', now)], now);
    expect(h.a.samples).toHaveLength(1);
    expect(h.bb.samples.map((s) => s.at)).toEqual([now - 5000, now]);
    expect(h.a.samples[0]).toMatchObject({ cpu: 12.5, rssMb: 200, heapMb: 50, loopP99: 3.2 });
  });

  it(`drops samples older than ${HISTORY_MINUTES} minutes and processes that went 离线`, () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    const old = addSamples({}, [row('a', now - (HISTORY_MINUTES * 60_000 + 1000)), row('bb', now - 1000)], now - HISTORY_MINUTES * 60_000);
    const next = addSamples(old, [row('a', now), row('bb', now, false)], now);
    expect(next.a.samples.map((s) => s.at)).toEqual([now]);
    expect(next.bb).toBeUndefined();
  });

  it('draws one line per process on a time axis, or nothing before the first answer', () => {
    expect(historyOption({}, (s) => s.cpu, '%')).toBeNull();
    const now = Date.now();
    const option = historyOption(addSamples({}, [row('a', now), row('bb', now)], now), (s) => s.cpu, '%') as { series: { name: string; data: number[][] }[] };
    expect(option.series.map((s) => s.name)).toEqual(['h:1', 'h:2']);
    expect(option.series[0].data).toEqual([[now, 12.5]]);
  });

  it('spans the axis over the kept minutes up to the latest sample, at least one minute, never days', () => {
    const now = Date.now();
    const first = historyOption(addSamples({}, [row('a', now)], now), (s) => s.cpu, '%') as {
      xAxis: { min: number; max: number };
      series: { showSymbol: boolean }[];
    };
    expect(first.xAxis).toMatchObject({ min: now - 60_000, max: now });
    expect(first.series[0].showSymbol).toBe(true);
    const later = addSamples(addSamples({}, [row('a', now - 5 * 60_000)], now - 5 * 60_000), [row('a', now)], now);
    const option = historyOption(later, (s) => s.cpu, '%') as { xAxis: { min: number; max: number }; series: { showSymbol: boolean }[] };
    expect(option.xAxis).toMatchObject({ min: now - 5 * 60_000, max: now });
    expect(option.series[0].showSymbol).toBe(false);
  });

  it('keeps the last time label and the unit inside the chart: the end label ends at the axis, the unit has its own room (issue 36)', () => {
    const now = Date.now();
    const option = historyOption(addSamples({}, [row('a', now)], now), (s) => s.cpu, '%') as {
      xAxis: { axisLabel: { alignMaxLabel: string; alignMinLabel: string } };
      yAxis: { name: string; nameTextStyle: { align: string } };
      grid: { top: number; right: number; containLabel: boolean };
    };
    expect(option.xAxis.axisLabel).toMatchObject({ alignMaxLabel: 'right', alignMinLabel: 'left' });
    expect(option.yAxis).toMatchObject({ name: '%', nameTextStyle: { align: 'left' } });
    // the legend takes the first 24 px; the unit sits between it and the plot
    expect(option.grid.top).toBeGreaterThanOrEqual(56);
    expect(option.grid.containLabel).toBe(true);
  });

  it(`a screen opened again starts from the last ${HISTORY_MINUTES} minutes kept, not from nothing (issue 36)`, () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    const kept = addSamples(
      addSamples({}, [row('a', now - 12 * 60_000), row('bb', now - 12 * 60_000)], now - 12 * 60_000),
      [row('a', now - 60_000)],
      now - 60_000,
    );
    const back = recentHistory({ ...kept, bb: { name: 'h:2', samples: [{ at: now - 12 * 60_000, cpu: 1, rssMb: 1, heapMb: 1, loopP99: 1 }] } }, now);
    expect(back.a.samples.map((s) => s.at)).toEqual([now - 60_000]);
    expect(back.bb).toBeUndefined();
  });

  it('the history outlives a reload of the page within the tab (issue 36: it restarted on every visit); stored nonsense starts empty', async () => {
    const now = Date.now();
    sessionStorage.removeItem(KEPT_HISTORY_KEY);
    vi.resetModules();
    const before = await import('./monitorFormat.ts');
    expect(before.keptHistory).toEqual({ server: {}, redis: [] });
    const server = before.keepHistory('server', addSamples({}, [row('a', now)], now));
    before.keepHistory('redis', [{ at: now, memoryMb: 1.5, ops: 3 }]);
    vi.resetModules();
    const reloaded = await import('./monitorFormat.ts');
    expect(reloaded.keptHistory).toEqual({ server, redis: [{ at: now, memoryMb: 1.5, ops: 3 }] });
    sessionStorage.setItem(KEPT_HISTORY_KEY, JSON.stringify({ server: [1], redis: 'x' }));
    vi.resetModules();
    expect((await import('./monitorFormat.ts')).keptHistory).toEqual({ server: {}, redis: [] });
    sessionStorage.removeItem(KEPT_HISTORY_KEY);
  });

  it('writes bytes and uptime for people', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatUptime(93_784)).toBe('1天2小时3分');
    expect(formatUptime(42)).toBe('42秒');
  });
});
