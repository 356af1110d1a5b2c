import { Card, Skeleton } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import type { ReactNode } from 'react';
import { EmptyData } from '../list/EmptyData.tsx';
import styles from './ChartCard.module.css';
import { EChart, type ChartClick } from './EChart.tsx';

type ChartCardProps = {
  title: string;
  /** the option built from the data; null when there is nothing to draw (暂无数据) */
  option: EChartsCoreOption | null;
  loading: boolean;
  height?: number;
  /** the range picker, a 查看 link … */
  extra?: ReactNode;
  onClick?: (event: ChartClick) => void;
};

/** A dashboard chart: a skeleton while its data loads, 暂无数据 when it has none, else the chart. */
export function ChartCard({ title, option, loading, height = 300, extra, onClick }: ChartCardProps) {
  let body: ReactNode;
  if (loading) body = <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  else if (!option)
    body = (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <EmptyData />
      </div>
    );
  else body = <EChart option={option} height={height} onClick={onClick} ariaLabel={title} />;
  return (
    <Card className={styles.card} title={title} extra={extra} styles={{ body: { minHeight: height } }}>
      {body}
    </Card>
  );
}
