import type { TaskThroughput } from '@sbwq/contracts';
import { Card, Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import { useState } from 'react';
import { ChartCard } from '../../../components/chart/ChartCard.tsx';
import { DateRangeChoice, presetRange, type DateRange } from '../../../components/chart/DateRangeChoice.tsx';
import { EmptyData } from '../../../components/list/EmptyData.tsx';
import { formatNumber } from '../../../platform/format.ts';
import { dashboardApi } from '../dashboard.api.ts';
import styles from '../dashboard.module.css';
import { usePanelQuery } from '../panels/usePanelQuery.ts';
import { decisionsPerDayOption, reviewerDaysOption } from './taskCharts.ts';

const days = (v: number | null) => (v === null ? '—' : `${v} 天`);

const dayColumns: TableColumnsType<TaskThroughput['days'][number]> = [
  { title: '日期', dataIndex: 'date' },
  { title: '处理数', dataIndex: 'decisions', align: 'right', render: formatNumber },
  { title: '通过', dataIndex: 'approved', align: 'right', render: formatNumber },
  { title: '驳回/退回', dataIndex: 'rejected', align: 'right', render: formatNumber },
];

const reviewerColumns: TableColumnsType<TaskThroughput['reviewers'][number]> = [
  { title: '初审人', dataIndex: 'reviewerName' },
  { title: '提交批次', dataIndex: 'batches', align: 'right', render: formatNumber },
  { title: '已审核通过', dataIndex: 'approvedBatches', align: 'right', render: formatNumber },
  { title: '平均审核天数', dataIndex: 'avgDaysToApprove', align: 'right', render: days },
  { title: '已结案', dataIndex: 'closedBatches', align: 'right', render: formatNumber },
  { title: '平均结案天数', dataIndex: 'avgDaysToClose', align: 'right', render: days },
];

/**
 * 任务统计 (spec §2 view group dashboard: task/chart index): the work handled per day and how long the
 * batches of each 初审人 took, each chart with its figures in a table under it.
 */
export function IndexChart() {
  const [range, setRange] = useState<DateRange>(() => presetRange('month'));
  const { data, isLoading } = usePanelQuery(['taskThroughput', range.start, range.end], (signal) => dashboardApi.taskThroughput(range, signal));
  const busyDays = data?.days.filter((d) => d.decisions > 0) ?? [];
  return (
    <Flex vertical gap={16}>
      <Card size="small" title="统计范围" extra={<DateRangeChoice value={range} onChange={setRange} maxDays={366} />}>
        {`${range.start} 至 ${range.end}，按北京时间计；处理时长统计该范围内提交的线索批次。`}
      </Card>
      <div className={styles.charts}>
        <Flex vertical gap={8}>
          <ChartCard title="每日处理量" option={data ? decisionsPerDayOption(data.days) : null} loading={isLoading} />
          <FigureTable rowKey="date" columns={dayColumns} dataSource={busyDays} loading={isLoading} pagination={{ pageSize: 10, hideOnSinglePage: true }} />
        </Flex>
        <Flex vertical gap={8}>
          <ChartCard title="初审人平均处理天数" option={data ? reviewerDaysOption(data.reviewers) : null} loading={isLoading} />
          <FigureTable rowKey="reviewerId" columns={reviewerColumns} dataSource={data?.reviewers ?? []} loading={isLoading} pagination={false} />
        </Flex>
      </div>
    </Flex>
  );
}

/** The figures under a chart: a compact table that scrolls sideways on a phone. */
function FigureTable<T extends object>(props: TableProps<T>) {
  return <Table<T> size="small" scroll={{ x: 'max-content' }} locale={{ emptyText: <EmptyData /> }} {...props} />;
}
