import { ClaimRoute, ClaimStatus, MONITOR_REFRESH_MS, ONLINE_WINDOW_MINUTES } from '@sbwq/contracts';
import { Card, Flex, Skeleton, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNoticeSocket } from '../../../components/notice/useNoticeSocket.ts';
import { StatCard } from '../../../components/chart/StatCard.tsx';
import { formatDate, formatMoney, formatNumber } from '../../../platform/format.ts';
import { BATCH_LIST_PATH, dashboardApi, onDayLink, PAYMENT_LIST_PATH } from '../dashboard.api.ts';
import styles from '../dashboard.module.css';
import { APPROVAL_LIST_PATH } from '../workplace/WorkplacePanels.tsx';

/**
 * 业务监控 (spec §2 view group dashboard: monitor): today's submissions, decisions and payments and the
 * users online. The server pings every notification socket (`{cmd: 'monitor'}`) once a submission, a
 * decision or a payment commits, and the figures are read again at once; they are also re-read every
 * MONITOR_REFRESH_MS (users online change without any business event) and when a notice arrives.
 */
export function Monitor() {
  const { data, isLoading, dataUpdatedAt, refetch } = useQuery({
    queryKey: ['dashboard', 'monitorToday'],
    queryFn: ({ signal }) => dashboardApi.monitorToday(signal),
    refetchInterval: MONITOR_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
  });
  useNoticeSocket(
    () => void refetch(),
    () => void refetch(),
  );
  const loading = isLoading || !data;
  const count = (n: number | undefined) => formatNumber(n ?? 0);
  // each figure opens its list on the same day; before the figures arrive, the list unfiltered
  const today = (path: string, field: string) => (data ? onDayLink(path, field, data.today) : path);
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Typography.Text type="secondary">
          {data
            ? `${data.today} 今日实时数据，有新的提交、审批或付款时自动刷新（另每${MONITOR_REFRESH_MS / 1000}秒刷新一次）；更新于 ${formatDate(dataUpdatedAt, 'HH:mm:ss')}`
            : '正在读取今日数据…'}
        </Typography.Text>
      </Card>
      <div className={styles.third} aria-live="polite">
        <StatCard title="今日提交线索批次" value={count(data?.batchesSubmitted)} loading={loading} to={today(BATCH_LIST_PATH, 'submitTime')} />
        <StatCard title="今日提交报销单" value={count(data?.claimsSubmitted)} loading={loading} to={today(ClaimRoute.claimList, 'submitTime')} />
        <StatCard title="今日审批处理" value={count(data?.decisions)} loading={loading} to={today(APPROVAL_LIST_PATH, 'approveTime')} />
        <StatCard
          title="今日付款"
          value={count(data?.payments.count)}
          suffix="笔"
          footer={data ? `金额 ${formatMoney(data.payments.amount)} 元` : undefined}
          loading={loading}
          to={data ? `${onDayLink(PAYMENT_LIST_PATH, 'payDate', data.today)}&status=${ClaimStatus.paid}` : PAYMENT_LIST_PATH}
        />
        <Card size="small">
          {loading ? <Skeleton active paragraph={{ rows: 1 }} /> : <Statistic title="在线用户" value={count(data.onlineUsers)} suffix="人" />}
          <Typography.Text type="secondary">{`最近${ONLINE_WINDOW_MINUTES}分钟内有访问`}</Typography.Text>
        </Card>
      </div>
    </Flex>
  );
}
