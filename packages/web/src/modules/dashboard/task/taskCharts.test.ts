import { describe, expect, it } from 'vitest';
import { decisionsPerDayOption, reviewerDaysOption } from './taskCharts.ts';

type Series = { name: string; data: unknown[]; stack?: string };
const seriesOf = (option: unknown) => (option as { series: Series[] }).series;
const xOf = (option: unknown) => (option as { xAxis: { data: string[] } }).xAxis.data;

describe('任务统计 charts (spec §2 view group dashboard: task/chart index): data in, series out', () => {
  it('每日处理量: one stacked bar per day, 通过 and 驳回/退回 as answered; a range with no decision is 暂无数据', () => {
    const option = decisionsPerDayOption([
      { date: '2026-03-01', decisions: 0, approved: 0, rejected: 0 },
      { date: '2026-03-02', decisions: 3, approved: 2, rejected: 1 },
    ]);
    expect(xOf(option)).toEqual(['03-01', '03-02']);
    expect(seriesOf(option).map((s) => [s.name, s.stack, s.data])).toEqual([
      ['通过', 'decisions', [0, 2]],
      ['驳回/退回', 'decisions', [0, 1]],
    ]);
    expect(decisionsPerDayOption([{ date: '2026-03-01', decisions: 0, approved: 0, rejected: 0 }])).toBeNull();
    expect(decisionsPerDayOption([])).toBeNull();
  });

  it('初审人平均处理天数: per reviewer the days to 审核通过 and to 结案, a missing average left empty; nobody with an average is 暂无数据', () => {
    const reviewer = (name: string, toApprove: number | null, toClose: number | null) => ({
      reviewerId: name,
      reviewerName: name,
      batches: 1,
      approvedBatches: 1,
      avgDaysToApprove: toApprove,
      closedBatches: 0,
      avgDaysToClose: toClose,
    });
    const option = reviewerDaysOption([reviewer('张审', 1.8, 10), reviewer('李审', 0.5, null)]);
    expect(xOf(option)).toEqual(['张审', '李审']);
    expect(seriesOf(option).map((s) => [s.name, s.data])).toEqual([
      ['提交→审核通过', [1.8, 0.5]],
      ['提交→结案', [10, null]],
    ]);
    const tip = (option as { tooltip: { valueFormatter: (v: unknown) => string } }).tooltip.valueFormatter;
    expect([tip(1.8), tip(null)]).toEqual(['1.8 天', '—']);
    expect(reviewerDaysOption([reviewer('王审', null, null)])).toBeNull();
    expect(reviewerDaysOption([])).toBeNull();
  });
});
