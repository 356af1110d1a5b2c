import type { PoolLine, PoolStatistic, RightExpiryStatistics } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import {
  agencyRankingOption,
  batchMonthsOption,
  batchResultsOption,
  expiryMonthsOption,
  monthRange,
  passRate,
  poolLinesOption,
  poolOfLine,
  poolStatisticsOption,
  sumMoney,
} from './charts.ts';

type Series = { name: string; data: unknown[]; stack?: string };
const seriesOf = (option: unknown) => (option as { series: Series[] }).series;
const xOf = (option: unknown) => (option as { xAxis: { data: string[] } }).xAxis.data;
const tip = (option: unknown) => (option as { tooltip: { formatter: (p: unknown) => string } }).tooltip.formatter;

const pool = (poolName: string, balance: string, frozen: string, used: string): PoolStatistic => ({
  poolId: poolName,
  poolName,
  total: '0',
  balance,
  frozen,
  used,
});

describe('§7 statistics charts: data in, series out', () => {
  it('资金池统计: one stacked bar per pool, 余额/冻结/已使用 as sent; money tooltips with 2 decimals and separators', () => {
    const option = poolStatisticsOption([pool('专项一', '1234567.5', '100.00', '20.05'), pool('专项二', '0.00', '0.00', '9.90')]);
    expect(xOf(option)).toEqual(['专项一', '专项二']);
    expect(seriesOf(option).map((s) => [s.name, s.stack, s.data])).toEqual([
      ['余额', 'total', ['1234567.5', '0.00']],
      ['冻结', 'total', ['100.00', '0.00']],
      ['已使用', 'total', ['20.05', '9.90']],
    ]);
    expect(tip(option)([{ axisValueLabel: '专项一', seriesName: '余额', value: '1234567.5', marker: '' }])).toBe('专项一<br/>余额：1,234,567.50 元');
  });

  it('资金池余额走势: per pool a 余额 and an 已使用 line over the days; a day the pool did not exist yet is a gap', () => {
    const lines: PoolLine[] = [
      { date: '2026-03-01', poolId: 'a', poolName: '甲', balance: '100.00', used: '0.00' },
      { date: '2026-03-02', poolId: 'a', poolName: '甲', balance: '80.00', used: '20.00' },
      { date: '2026-03-02', poolId: 'b', poolName: '乙', balance: '5.00', used: '1.00' },
    ];
    const option = poolLinesOption(lines);
    expect(xOf(option)).toEqual(['2026-03-01', '2026-03-02']);
    expect(seriesOf(option).map((s) => [s.name, s.data])).toEqual([
      ['甲·余额', ['100.00', '80.00']],
      ['甲·已使用', ['0.00', '20.00']],
      ['乙·余额', [null, '5.00']],
      ['乙·已使用', [null, '1.00']],
    ]);
    // a point opens the log of the pool whose line it is on
    expect([0, 1, 2, 3, 4].map((i) => poolOfLine(lines, i))).toEqual(['a', 'a', 'b', 'b', undefined]);
  });

  it('即将到期 by month: one bar per month, zero months kept', () => {
    const stats: RightExpiryStatistics = {
      today: '2026-11-25',
      expiringSoon: 3,
      inGracePeriod: 0,
      expired: 0,
      authExpired: 0,
      months: [
        { month: '2026-11', count: 2 },
        { month: '2026-12', count: 0 },
        { month: '2027-01', count: 1 },
      ],
    };
    const option = expiryMonthsOption(stats);
    expect(xOf(option)).toEqual(['2026-11', '2026-12', '2027-01']);
    expect(seriesOf(option)[0].data).toEqual([2, 0, 1]);
  });

  it('暂无数据: no pools, no log lines, nothing expiring give no chart', () => {
    expect(poolStatisticsOption([])).toBeNull();
    expect(poolLinesOption([])).toBeNull();
    expect(
      expiryMonthsOption({ today: '2026-11-25', expiringSoon: 0, inGracePeriod: 2, expired: 0, authExpired: 0, months: [{ month: '2026-11', count: 0 }] }),
    ).toBeNull();
  });

  it('money sums exactly (no floating point) and a month is its first to last day', () => {
    expect(sumMoney(['0.10', '0.20', '1234567.05'])).toBe('1234567.35');
    expect(sumMoney([])).toBe('0.00');
    expect(monthRange('2028-02')).toEqual({ begin: '2028-02-01', end: '2028-02-29' });
    expect(monthRange('2026-12')).toEqual({ begin: '2026-12-01', end: '2026-12-31' });
  });

  it('§7 monthThreadedApplyNum / monthThreadedApplyPassNum: 申请 and 通过 per month side by side, a month missing from 通过 is 0; nothing to draw when all are zero', () => {
    const apply = [
      { month: '2026-10', num: 5 },
      { month: '2026-11', num: 3 },
    ];
    const option = batchMonthsOption(apply, [{ month: '2026-11', num: 2 }]);
    expect(xOf(option)).toEqual(['2026-10', '2026-11']);
    expect(seriesOf(option).map((s) => [s.name, s.data])).toEqual([
      ['申请', [5, 3]],
      ['通过', [0, 2]],
    ]);
    expect(batchMonthsOption([{ month: '2026-11', num: 0 }], [{ month: '2026-11', num: 0 }])).toBeNull();
  });

  it('通过率 = 通过 ÷ 申请 with one decimal; none while nothing was submitted', () => {
    expect(passRate(3, 2)).toBe('66.7%');
    expect(passRate(0, 0)).toBeNull();
  });

  it('维权结果: per 维权方式 (or 侵权平台) its text on the axis and the items 成功 / 失败 / 不构成侵权 stacked; nothing closed, nothing drawn', () => {
    const option = batchResultsOption([
      { value: '1', text: '平台投诉', batches: 2, success: 5, failed: 1, notInfringing: 2 },
      { value: '3', text: '民事诉讼', batches: 1, success: 1, failed: 0, notInfringing: 0 },
    ]);
    expect(xOf(option)).toEqual(['平台投诉', '民事诉讼']);
    expect(seriesOf(option).map((s) => [s.name, s.stack, s.data])).toEqual([
      ['成功', 'items', [5, 1]],
      ['失败', 'items', [1, 0]],
      ['不构成侵权', 'items', [2, 0]],
    ]);
    expect(batchResultsOption([])).toBeNull();
  });

  it('§7 机构申请排行: organisations on the category axis with the first (most batches) on top, 申请 and 通过 bars; none, nothing drawn', () => {
    const row = (orgName: string, applyNum: number, passNum: number) => ({ orgId: orgName, orgName, applyNum, passNum, amount: '0.00', paidAmount: '0.00' });
    const option = agencyRankingOption([row('甲所', 9, 7), row('乙所', 4, 1)]);
    expect((option as { yAxis: { data: string[] } }).yAxis.data).toEqual(['乙所', '甲所']);
    expect(seriesOf(option).map((s) => [s.name, s.data])).toEqual([
      ['申请', [4, 9]],
      ['通过', [1, 7]],
    ]);
    expect(agencyRankingOption([])).toBeNull();
  });
});
