import { Card, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type StatCardProps = {
  title: string;
  /** already formatted (platform/format.ts) */
  value: string;
  loading: boolean;
  /** the filtered list behind the figure */
  to: string;
  /** a second line: an amount, a share, the next step */
  footer?: ReactNode;
  suffix?: string;
};

/** A dashboard figure; the whole card opens the list it counts. */
export function StatCard({ title, value, loading, to, footer, suffix }: StatCardProps) {
  return (
    <Link to={to} aria-label={`${title}：查看列表`} style={{ display: 'block', height: '100%' }}>
      <Card hoverable size="small" style={{ height: '100%' }}>
        {loading ? (
          <Skeleton active paragraph={{ rows: 1 }} />
        ) : (
          <>
            <Statistic title={title} value={value} suffix={suffix} />
            {footer && <Typography.Text type="secondary">{footer}</Typography.Text>}
          </>
        )}
      </Card>
    </Link>
  );
}
