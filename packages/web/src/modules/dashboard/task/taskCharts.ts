import type { TaskThroughput } from '@sbwq/contracts';
import type { EChartsCoreOption } from 'echarts/core';

const grid = { left: 16, right: 16, top: 40, bottom: 8, containLabel: true };

/** 每日处理量: 通过 and 驳回/退回 stacked per day; null when nothing was decided in the range (暂无数据). */
export function decisionsPerDayOption(days: TaskThroughput['days']): EChartsCoreOption | null {
  if (!days.some((d) => d.decisions > 0)) return null;
  const bar = (name: string, key: 'approved' | 'rejected') => ({ name, type: 'bar', stack: 'decisions', barMaxWidth: 32, data: days.map((d) => d[key]) });
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [bar('通过', 'approved'), bar('驳回/退回', 'rejected')],
  };
}

/** 平均处理天数 per 初审人: days to 审核通过 and to 结案 side by side; a reviewer with neither draws no bar. */
export function reviewerDaysOption(reviewers: TaskThroughput['reviewers']): EChartsCoreOption | null {
  if (!reviewers.some((r) => r.avgDaysToApprove !== null || r.avgDaysToClose !== null)) return null;
  const bar = (name: string, key: 'avgDaysToApprove' | 'avgDaysToClose') => ({ name, type: 'bar', barMaxWidth: 32, data: reviewers.map((r) => r[key]) });
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: unknown) => (v === null || v === undefined ? '—' : `${v} 天`) },
    legend: { top: 0 },
    grid,
    xAxis: { type: 'category', data: reviewers.map((r) => r.reviewerName), axisLabel: { interval: 0, overflow: 'truncate', width: 80 } },
    yAxis: { type: 'value', name: '天' },
    series: [bar('提交→审核通过', 'avgDaysToApprove'), bar('提交→结案', 'avgDaysToClose')],
  };
}
