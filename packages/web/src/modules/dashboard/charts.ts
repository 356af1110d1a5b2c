import {
  fromCents,
  toCents,
  type AgencyApplyStatistic,
  type BatchResultRow,
  type MonthNum,
  type PoolLine,
  type PoolStatistic,
  type RightExpiryStatistics,
} from '@sbwq/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { formatMoney, formatNumber } from '../../platform/format.ts';

/**
 * Chart options from the calls' answers: plain data in, plain option out, so they are tested without a
 * canvas. null means nothing to draw (the card shows 暂无数据).
 */

type Tip = { seriesName?: string; name?: string; value?: unknown; marker?: string; axisValueLabel?: string };
const moneyTip = (items: Tip | Tip[]) => {
  const list = Array.isArray(items) ? items : [items];
  const head = list[0]?.axisValueLabel ?? list[0]?.name ?? '';
  return [head, ...list.map((p) => `${p.marker ?? ''}${p.seriesName}：${formatMoney(String(p.value ?? '0'))} 元`)].join('<br/>');
};
const moneyAxis = { type: 'value', axisLabel: { formatter: (v: number) => formatNumber(v) } };
const grid = { left: 16, right: 16, top: 40, bottom: 8, containLabel: true };

/** Sum of money strings, exact. */
export const sumMoney = (values: string[]) => fromCents(values.reduce((sum, v) => sum + toCents(v), 0n));

/** 资金池统计: per pool, 余额 / 冻结 / 已使用 stacked to the pool's total. */
export function poolStatisticsOption(stats: PoolStatistic[]): EChartsCoreOption | null {
  if (!stats.length) return null;
  const series = (name: string, key: 'balance' | 'frozen' | 'used') => ({
    name,
    type: 'bar',
    stack: 'total',
    barMaxWidth: 40,
    data: stats.map((s) => s[key]),
  });
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: moneyTip },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: stats.map((s) => s.poolName), axisLabel: { interval: 0, overflow: 'truncate', width: 80 } },
    yAxis: moneyAxis,
    series: [series('余额', 'balance'), series('冻结', 'frozen'), series('已使用', 'used')],
  };
}

/** The pools of 资金池余额走势 in the order of their lines (two each: 余额, 已使用). */
const linePools = (lines: PoolLine[]) => [...new Map(lines.map((l) => [l.poolId, l.poolName])).entries()];
/** The pool whose line was clicked (series `seriesIndex` of poolLinesOption). */
export const poolOfLine = (lines: PoolLine[], seriesIndex: number): string | undefined => linePools(lines)[Math.floor(seriesIndex / 2)]?.[0];

/** 资金池余额走势: per pool two lines over the days, 余额 and 已使用. */
export function poolLinesOption(lines: PoolLine[]): EChartsCoreOption | null {
  if (!lines.length) return null;
  const days = [...new Set(lines.map((l) => l.date))].sort();
  const pools = linePools(lines);
  const at = new Map(lines.map((l) => [`${l.poolId}|${l.date}`, l]));
  const series = pools.flatMap(([id, name]) =>
    (['balance', 'used'] as const).map((key) => ({
      name: `${name}·${key === 'balance' ? '余额' : '已使用'}`,
      type: 'line',
      showSymbol: days.length <= 31,
      connectNulls: false,
      data: days.map((d) => at.get(`${id}|${d}`)?.[key] ?? null),
    })),
  );
  return {
    tooltip: { trigger: 'axis', formatter: moneyTip },
    legend: { top: 0, type: 'scroll' },
    grid,
    xAxis: { type: 'category', boundaryGap: false, data: days },
    yAxis: moneyAxis,
    series,
  };
}

/** 即将到期: marks by the month their 专用权期限 ends, this month and the 12 after. */
export function expiryMonthsOption(stats: RightExpiryStatistics): EChartsCoreOption | null {
  if (!stats.expiringSoon) return null;
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (items: Tip[]) => `${items[0].name}<br/>${items[0].marker ?? ''}到期商标：${formatNumber(Number(items[0].value))} 件`,
    },
    grid: { ...grid, top: 16 },
    xAxis: { type: 'category', data: stats.months.map((m) => m.month) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [{ name: '到期商标', type: 'bar', barMaxWidth: 32, data: stats.months.map((m) => m.count) }],
  };
}

/** 通过率 of 线索申请 as a percentage with one decimal; none while nothing was submitted. */
export const passRate = (apply: number, pass: number): string | null => (apply > 0 ? `${((pass * 100) / apply).toFixed(1)}%` : null);

/** 月度申请 / 通过: the last 12 months side by side; nothing to draw when both are all zero. */
/** The series of batchMonthsOption counting 通过 (by approve time); 申请 (by submit time) is the first. */
export const BATCH_MONTHS_PASS_SERIES = 1;

export function batchMonthsOption(apply: MonthNum[], pass: MonthNum[]): EChartsCoreOption | null {
  if (![...apply, ...pass].some((m) => m.num > 0)) return null;
  const passed = new Map(pass.map((m) => [m.month, m.num]));
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: apply.map((m) => m.month) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '申请', type: 'bar', barMaxWidth: 24, data: apply.map((m) => m.num) },
      { name: '通过', type: 'bar', barMaxWidth: 24, data: apply.map((m) => passed.get(m.month) ?? 0) },
    ],
  };
}

/** 维权结果: per 维权方式 or 侵权平台, the closed batches' items judged 成功 / 失败 / 不构成侵权, stacked. */
export function batchResultsOption(rows: BatchResultRow[]): EChartsCoreOption | null {
  if (!rows.length) return null;
  // colours that say the outcome: green 成功, red 失败, grey 不构成侵权
  const series = (name: string, key: 'success' | 'failed' | 'notInfringing', color: string) => ({
    name,
    type: 'bar',
    stack: 'items',
    barMaxWidth: 32,
    itemStyle: { color },
    data: rows.map((r) => r[key]),
  });
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: rows.map((r) => r.text), axisLabel: { interval: 0, overflow: 'truncate', width: 72 } },
    yAxis: { type: 'value', minInterval: 1 },
    series: [series('成功', 'success', '#389e0d'), series('失败', 'failed', '#cf1322'), series('不构成侵权', 'notInfringing', '#8c8c8c')],
  };
}

/** 机构申请排行: the organisations as sent (most batches first), 申请 and 通过 side by side, the top one on top. */
export function agencyRankingOption(rows: AgencyApplyStatistic[]): EChartsCoreOption | null {
  if (!rows.length) return null;
  const top = [...rows].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: top.map((r) => r.orgName), axisLabel: { overflow: 'truncate', width: 120 } },
    series: [
      { name: '申请', type: 'bar', barMaxWidth: 16, data: top.map((r) => r.applyNum) },
      { name: '通过', type: 'bar', barMaxWidth: 16, data: top.map((r) => r.passNum) },
    ],
  };
}

/** The first and last day of a `YYYY-MM` month, for the list filtered by expiry month. */
export function monthRange(month: string): { begin: string; end: string } {
  const [y, m] = month.split('-').map(Number);
  return { begin: `${month}-01`, end: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}
