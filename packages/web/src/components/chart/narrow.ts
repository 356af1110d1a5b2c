import type { EChartsCoreOption } from 'echarts/core';

/** Below this width (px) a chart is laid out for a phone: a 375 px screen leaves a card about 310 px. */
export const NARROW_WIDTH = 480;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const each = (v: unknown, fn: (o: Obj) => Obj): unknown => (Array.isArray(v) ? v.map((x) => (isObj(x) ? fn(x) : x)) : isObj(v) ? fn(v) : v);

/** 1,800,000 → 180万: value axes keep to a few characters, so the plot keeps its width. */
export function shortNumber(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 100_000_000) return `${+(value / 100_000_000).toFixed(2)}亿`;
  if (abs >= 10_000) return `${+(value / 10_000).toFixed(1)}万`;
  return String(value);
}

/** 2026-11-26 → 11-26: a day under a narrow plot; the year is in the range the card shows. Other labels as they are. */
export const withoutYear = (label: string) => (/^\d{4}-\d{2}-\d{2}$/.test(label) ? label.slice(5) : label);

function categoryAxis(axis: Obj, horizontal: boolean): Obj {
  const label = isObj(axis.axisLabel) ? axis.axisLabel : {};
  if (horizontal) {
    // labels under the plot: slanted, every one that fits (the rest hidden, never drawn over each other), cut to a short width
    return {
      ...axis,
      axisLabel: { ...label, interval: 'auto', rotate: 40, hideOverlap: true, overflow: 'truncate', width: 64, fontSize: 11, formatter: withoutYear },
    };
  }
  // labels beside the plot (a ranking): a third of the card at most
  return { ...axis, axisLabel: { ...label, overflow: 'truncate', width: 84, fontSize: 11 } };
}

function valueAxis(axis: Obj): Obj {
  const label = isObj(axis.axisLabel) ? axis.axisLabel : {};
  return { ...axis, axisLabel: { ...label, formatter: shortNumber, hideOverlap: true, fontSize: 11 } };
}

const axis = (horizontal: boolean) => (a: Obj) => (a.type === 'category' ? categoryAxis(a, horizontal) : a.type === 'value' ? valueAxis(a) : a);

/**
 * The same chart for a narrow card (spec §4 Device: the app is used on phones too): category labels slanted and thinned so
 * they never run together, value labels in 万/亿, a legend that scrolls on one line instead of wrapping
 * over the plot, and small margins. Pure: the option as built for a wide screen in, the phone's out.
 */
export function narrowOption(option: EChartsCoreOption): EChartsCoreOption {
  const o = option as Obj;
  const grid = isObj(o.grid) ? o.grid : {};
  return {
    ...o,
    ...(o.xAxis ? { xAxis: each(o.xAxis, axis(true)) } : {}),
    ...(o.yAxis ? { yAxis: each(o.yAxis, axis(false)) } : {}),
    ...(o.legend ? { legend: each(o.legend, (l) => ({ ...l, type: 'scroll', left: 0, right: 0, itemGap: 8, textStyle: { fontSize: 11 } })) } : {}),
    grid: { ...grid, left: 4, right: 12, containLabel: true },
  };
}
