import { announcementFlow, approvalFlow, TRACE_LIMIT, type Trace } from '@sbwq/contracts';
import { Card, Checkbox, Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formatDate } from '../../../platform/format.ts';
import { monitorApi, useMonitorPoll } from './monitor.api.ts';
import { MonitorFailure } from './MonitorFailure.tsx';

const STATUS_CLASSES = [
  { value: '', label: '全部状态' },
  { value: '2', label: '2xx 成功' },
  { value: '3', label: '3xx 重定向' },
  { value: '4', label: '4xx 客户端错误' },
  { value: '5', label: '5xx 服务器错误' },
];

/**
 * What every open page asks every few seconds on its own (the bell's unread messages, the 待我审批 count):
 * hidden by default so the requests people made are not buried under them (issue 36); the box shows them again.
 */
const POLLING = [`${announcementFlow.basePath}/${announcementFlow.actions.listByUser.path}`, `${approvalFlow.basePath}/${approvalFlow.actions.todoCount.path}`];
export const isPolling = (path: string) => POLLING.some((p) => path.endsWith(p));

const statusColor = (status: number) => (status >= 500 ? 'red' : status >= 400 ? 'orange' : status >= 300 ? 'blue' : 'green');

/** 请求追踪: the last requests this server process answered (the monitor's own polling left out), filtered in the browser. */
export function RequestTrace() {
  const { data, error, dataUpdatedAt } = useMonitorPoll('traces', (signal) => monitorApi.traces(undefined, { signal, silent: true }));
  const [statusClass, setStatusClass] = useState('');
  const [path, setPath] = useState('');
  const [hidePolling, setHidePolling] = useState(true);
  const rows = useMemo(() => {
    const needle = path.trim().toLowerCase();
    return (data?.records ?? []).filter(
      (r) =>
        (!statusClass || String(r.status).startsWith(statusClass)) && (!needle || r.path.toLowerCase().includes(needle)) && !(hidePolling && isPolling(r.path)),
    );
  }, [data, statusClass, path, hidePolling]);
  return (
    <Flex vertical gap={16}>
      <MonitorFailure error={error} />
      <Card size="small">
        <Flex wrap gap={8} align="center">
          <Select aria-label="状态" style={{ width: 160 }} value={statusClass} onChange={setStatusClass} options={STATUS_CLASSES} />
          <Input.Search
            aria-label="路径包含"
            placeholder="路径包含"
            allowClear
            style={{ width: 240, maxWidth: '100%' }}
            value={path}
            onChange={(e) => setPath(e.target.value)}
          />
          <Checkbox checked={hidePolling} onChange={(e) => setHidePolling(e.target.checked)}>
            隐藏消息与待办的定时查询
          </Checkbox>
          <Typography.Text type="secondary">
            {data
              ? `进程 ${data.process} 最近 ${TRACE_LIMIT} 个请求中的 ${rows.length} 个（不含令牌、请求体和查询参数），更新于 ${formatDate(dataUpdatedAt, 'HH:mm:ss')}`
              : '正在读取…'}
          </Typography.Text>
        </Flex>
      </Card>
      <Table<Trace>
        size="small"
        rowKey={(r) => `${r.time}|${r.method}|${r.path}|${r.durationMs}`}
        loading={!data && !error}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (n) => `共 ${n} 条` }}
        scroll={{ x: 820 }}
        columns={[
          { title: '时间', dataIndex: 'time', width: 170, render: (v: string) => formatDate(v, 'YYYY-MM-DD HH:mm:ss') },
          { title: '方法', dataIndex: 'method', width: 80 },
          { title: '路径', dataIndex: 'path', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => <Tag color={statusColor(v)}>{v}</Tag> },
          { title: '耗时(ms)', dataIndex: 'durationMs', width: 100, align: 'right' },
          { title: '用户', dataIndex: 'username', width: 120, render: (v: string) => v || '—' },
        ]}
      />
    </Flex>
  );
}
