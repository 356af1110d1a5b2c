import type { ProcessRow } from '@sbwq/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { session } from '../../../platform/storage.ts';

/** 1536 → 1.5 KB; binary units, as operating systems show memory. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${i === 0 ? value : value.toFixed(1)} ${units[i]}`;
}

/** 93784 s → 1天2小时3分 */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  if (d > 0) return `${d}天${h}小时${m}分`;
  if (h > 0) return `${h}小时${m}分`;
  return m > 0 ? `${m}分${seconds % 60}秒` : `${seconds}秒`;
}

export const processName = (p: Pick<ProcessRow, 'host' | 'pid'>) => `${p.host}:${p.pid}`;

/** How many minutes of samples the charts keep (in the browser only). */
export const HISTORY_MINUTES = 10;

export type Sample = { at: number; cpu: number; rssMb: number; heapMb: number; loopP99: number };
/** Samples per process id, oldest first. */
export type History = Record<string, { name: string; samples: Sample[] }>;

/**
 * Adds one answer's live processes to the history: one sample per process per heartbeat (a repeated
 * heartbeat is not added twice), samples older than HISTORY_MINUTES dropped, processes gone dropped.
 */
export function addSamples(history: History, processes: ProcessRow[], now = Date.now()): History {
  const since = now - HISTORY_MINUTES * 60_000;
  const next: History = {};
  for (const p of processes) {
    if (!p.online) continue;
    const before = history[p.id]?.samples ?? [];
    const at = Date.parse(p.seenAt);
    const sample: Sample = {
      at,
      cpu: p.facts.cpuPercent,
      rssMb: +(p.facts.rss / 1048576).toFixed(1),
      heapMb: +(p.facts.heapUsed / 1048576).toFixed(1),
      loopP99: p.facts.loopP99,
    };
    const kept = before.filter((s) => s.at >= since && s.at !== at);
    next[p.id] = { name: processName(p), samples: [...kept, sample].sort((a, b) => a.at - b.at) };
  }
  return next;
}

/**
 * Room the time charts keep so nothing is cut (issue 36): the last time label is aligned to end at the
 * axis' end rather than centred over it, and the unit above the value axis starts at the axis, inside
 * a top margin tall enough for it.
 */
export const TIME_AXIS_LABEL = { hideOverlap: true, formatter: '{HH}:{mm}:{ss}', alignMinLabel: 'left', alignMaxLabel: 'right' } as const;
export const unitAxis = (unit: string) => ({ type: 'value', name: unit, min: 0, nameTextStyle: { align: 'left' }, nameGap: 12 }) as const;

/**
 * The charts' history, kept for the browser tab's session so leaving the screen, reloading the page or
 * coming back shows the last minutes again instead of starting over (issue 36); addSamples still drops
 * what is older than HISTORY_MINUTES, so what is stored stays a few kilobytes.
 */
export type RedisPoint = { at: number; memoryMb: number; ops: number };
type Kept = { server: History; redis: RedisPoint[] };
export const KEPT_HISTORY_KEY = 'SBWQ_MONITOR_HISTORY';

function storedHistory(): Kept {
  const stored = session.get<Partial<Kept>>(KEPT_HISTORY_KEY);
  const server = stored?.server && typeof stored.server === 'object' && !Array.isArray(stored.server) ? stored.server : {};
  return { server, redis: Array.isArray(stored?.redis) ? stored.redis : [] };
}

export const keptHistory: Readonly<Kept> = storedHistory();

/** Keeps one chart's history for the next visit (the module's copy and the tab's session storage). */
export function keepHistory<K extends keyof Kept>(part: K, value: Kept[K]): Kept[K] {
  (keptHistory as Kept)[part] = value;
  session.set(KEPT_HISTORY_KEY, keptHistory);
  return value;
}

/** The kept history as a returning screen starts from: the samples of the last HISTORY_MINUTES only. */
export function recentHistory(history: History, now = Date.now()): History {
  const since = now - HISTORY_MINUTES * 60_000;
  const next: History = {};
  for (const [id, entry] of Object.entries(history)) {
    const samples = entry.samples.filter((s) => s.at >= since);
    if (samples.length) next[id] = { ...entry, samples };
  }
  return next;
}

/** A line per process over the kept minutes, of one figure of its samples. */
export function historyOption(history: History, figure: (s: Sample) => number, unit: string): EChartsCoreOption | null {
  const entries = Object.values(history);
  if (entries.length === 0) return null;
  // The axis spans the minutes kept up to the latest sample: left to itself, ECharts stretches one or two
  // samples over days.
  const latest = Math.max(...entries.flatMap((e) => e.samples.map((s) => s.at)));
  const earliest = Math.min(...entries.flatMap((e) => e.samples.map((s) => s.at)));
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v} ${unit}` },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 16, right: 16, top: 64, bottom: 8, containLabel: true },
    xAxis: { type: 'time', min: Math.min(earliest, latest - 60_000), max: latest, axisLabel: TIME_AXIS_LABEL },
    yAxis: unitAxis(unit),
    // a process with a single sample so far shows it as a dot
    series: entries.map((e) => ({ name: e.name, type: 'line', showSymbol: e.samples.length === 1, data: e.samples.map((s) => [s.at, figure(s)]) })),
  };
}
