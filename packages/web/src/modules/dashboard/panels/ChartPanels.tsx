import { BatchStatus, type BatchResultGroup } from '@sbwq/contracts';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ChartCard } from '../../../components/chart/ChartCard.tsx';
import { DateRangeChoice, presetRange, type DateRange } from '../../../components/chart/DateRangeChoice.tsx';
import {
  agencyRankingOption,
  BATCH_MONTHS_PASS_SERIES,
  batchMonthsOption,
  batchResultsOption,
  expiryMonthsOption,
  monthRange,
  poolLinesOption,
  poolOfLine,
  poolStatisticsOption,
} from '../charts.ts';
import { batchListLink, dashboardApi, poolLogLink, rightsListLink } from '../dashboard.api.ts';
import { usePanelQuery } from './usePanelQuery.ts';

/** poolLines accepts at most this many days (server MAX_LINE_DAYS). */
const MAX_LINE_DAYS = 366;

/** 资金池统计; a bar opens that pool's log. */
export function PoolStatisticsChart() {
  const navigate = useNavigate();
  const stats = usePanelQuery(['poolStatistics'], (signal) => dashboardApi.poolStatistics(signal));
  const option = useMemo(() => poolStatisticsOption(stats.data ?? []), [stats.data]);
  return (
    <ChartCard
      title="资金池统计"
      option={option}
      loading={stats.isPending}
      onClick={({ dataIndex }) => {
        const pool = stats.data?.[dataIndex];
        if (pool) void navigate(poolLogLink({ poolId: pool.poolId }));
      }}
    />
  );
}

/** 资金池余额走势 over 本月 / 本年 / a chosen range; a point opens the log of that pool on that day. */
export function PoolLinesChart() {
  const navigate = useNavigate();
  const [range, setRange] = useState<DateRange>(() => presetRange('month'));
  const lines = usePanelQuery(['poolLines', range], (signal) => dashboardApi.poolLines(range, signal));
  const option = useMemo(() => poolLinesOption(lines.data ?? []), [lines.data]);
  return (
    <ChartCard
      title="资金池余额与使用走势"
      option={option}
      loading={lines.isPending}
      extra={<DateRangeChoice value={range} onChange={setRange} maxDays={MAX_LINE_DAYS} />}
      onClick={({ name, seriesIndex }) => {
        const poolId = poolOfLine(lines.data ?? [], seriesIndex ?? -1);
        void navigate(poolLogLink({ ...(poolId ? { poolId } : {}), createTime_begin: name, createTime_end: name }));
      }}
    />
  );
}

/** 12个月内到期 by month; a bar opens the marks ending that month. */
export function ExpiryMonthsChart() {
  const navigate = useNavigate();
  const stats = usePanelQuery(['rightExpiry'], (signal) => dashboardApi.rightExpiry(signal));
  const option = useMemo(() => (stats.data ? expiryMonthsOption(stats.data) : null), [stats.data]);
  return (
    <ChartCard
      title="12个月内到期的商标（按到期月份）"
      option={option}
      loading={stats.isPending}
      onClick={({ name }) => {
        const { begin, end } = monthRange(name);
        void navigate(rightsListLink({ expiryFlag: 'expiringSoon', expireDate_begin: begin, expireDate_end: end }));
      }}
    />
  );
}

/** 月度申请 / 通过 (12 months); a 申请 bar opens the batches submitted that month, a 通过 bar those approved in it (what each counts). */
export function BatchMonthsChart() {
  const navigate = useNavigate();
  const months = usePanelQuery(['batchMonths'], (signal) => dashboardApi.batchMonths(signal));
  const option = useMemo(() => (months.data ? batchMonthsOption(months.data.apply, months.data.pass) : null), [months.data]);
  return (
    <ChartCard
      title="月度线索申请与通过（近12个月）"
      option={option}
      loading={months.isPending}
      onClick={({ name, seriesIndex }) => {
        const { begin, end } = monthRange(name);
        const field = seriesIndex === BATCH_MONTHS_PASS_SERIES ? 'approveTime' : 'submitTime';
        void navigate(batchListLink({ [`${field}_begin`]: begin, [`${field}_end`]: end }));
      }}
    />
  );
}

/** 维权结果 of closed batches by 维权方式 or 侵权平台; a bar opens those closed batches. */
function BatchResultsChart({ by, title }: { by: BatchResultGroup; title: string }) {
  const navigate = useNavigate();
  const results = usePanelQuery(['batchResults', by], (signal) => dashboardApi.batchResults(by, signal));
  const option = useMemo(() => batchResultsOption(results.data ?? []), [results.data]);
  return (
    <ChartCard
      title={title}
      option={option}
      loading={results.isPending}
      onClick={({ dataIndex }) => {
        const row = results.data?.[dataIndex];
        if (row) void navigate(batchListLink({ [by]: row.value, status: BatchStatus.closed }));
      }}
    />
  );
}

export const ResultsByMethodChart = () => <BatchResultsChart by="rightsMethod" title="维权结果（按维权方式）" />;
export const ResultsByPlatformChart = () => <BatchResultsChart by="platform" title="维权结果（按侵权平台）" />;

/** 机构申请排行 over 本月 / 本年 / a chosen range; a bar opens that organisation's batches submitted in the range (what the bar counts). */
export function AgencyRankingChart() {
  const navigate = useNavigate();
  const [range, setRange] = useState<DateRange>(() => presetRange('year'));
  const ranking = usePanelQuery(['agencyRanking', range], (signal) => dashboardApi.agencyRanking(range, signal));
  const rows = useMemo(() => ranking.data?.records ?? [], [ranking.data]);
  const option = useMemo(() => agencyRankingOption(rows), [rows]);
  return (
    <ChartCard
      title="机构申请排行（前10）"
      option={option}
      loading={ranking.isPending}
      extra={<DateRangeChoice value={range} onChange={setRange} />}
      onClick={({ name }) => void navigate(batchListLink({ orgName: name, submitTime_begin: range.start, submitTime_end: range.end }))}
    />
  );
}
