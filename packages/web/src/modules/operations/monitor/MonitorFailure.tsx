import { Alert } from 'antd';
import { MONITOR_POLL_MS } from '@sbwq/contracts';

/** The place of figures a poll could not read: the next poll tries again. */
export function MonitorFailure({ error }: { error: unknown }) {
  if (!error) return null;
  const text = error instanceof Error ? error.message : String(error);
  return <Alert type="warning" showIcon title="读取监控数据失败" description={`${text}；${MONITOR_POLL_MS / 1000} 秒后自动重试。`} />;
}
