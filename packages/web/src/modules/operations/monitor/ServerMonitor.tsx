import { MONITOR_POLL_MS, OFFLINE_AFTER_MS, type ProcessRow, type ServerMonitor as ServerFacts } from '@sbwq/contracts';
import { Card, Descriptions, Flex, Progress, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ChartCard } from '../../../components/chart/ChartCard.tsx';
import { formatDate } from '../../../platform/format.ts';
import { monitorApi, useMonitorPoll } from './monitor.api.ts';
import styles from './monitor.module.css';
import { MonitorFailure } from './MonitorFailure.tsx';
import {
  addSamples,
  formatBytes,
  formatUptime,
  HISTORY_MINUTES,
  historyOption,
  keepHistory,
  keptHistory,
  processName,
  recentHistory,
  type History,
} from './monitorFormat.ts';

/**
 * 服务器监控: every server process sharing the database (each writes a heartbeat every few seconds; one
 * silent for a minute shows 离线), its figures as cards, and CPU, memory and event-loop delay as lines
 * over the last minutes, kept in the browser tab (monitorFormat: keepHistory) across visits and reloads.
 */
export function ServerMonitor() {
  const [history, setHistory] = useState<History>(() => recentHistory(keptHistory.server));
  const { data, error, dataUpdatedAt } = useMonitorPoll('server', (signal) => monitorApi.server(undefined, { signal, silent: true }), {
    onData: (answer) => setHistory((before) => keepHistory('server', addSamples(before, answer.processes))),
  });
  const cpu = useMemo(() => historyOption(history, (s) => s.cpu, '%'), [history]);
  const memory = useMemo(() => historyOption(history, (s) => s.rssMb, 'MB'), [history]);
  const loop = useMemo(() => historyOption(history, (s) => s.loopP99, 'ms'), [history]);
  const loading = !data;
  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Typography.Text type="secondary">
          {data
            ? `共 ${data.processes.length} 个服务进程（${data.processes.filter((p) => p.online).length} 个在线）；每 ${MONITOR_POLL_MS / 1000} 秒刷新，曲线保留最近 ${HISTORY_MINUTES} 分钟；超过 ${OFFLINE_AFTER_MS / 60_000} 分钟无心跳的进程显示为离线。更新于 ${formatDate(dataUpdatedAt, 'HH:mm:ss')}`
            : '正在读取服务器数据…'}
        </Typography.Text>
      </Card>
      <MonitorFailure error={error} />
      <div className={styles.charts}>
        <ChartCard title="CPU 使用率（%，单核占比）" option={cpu} loading={loading} height={240} />
        <ChartCard title="常驻内存 RSS（MB）" option={memory} loading={loading} height={240} />
        <ChartCard title="事件循环延迟 p99（ms）" option={loop} loading={loading} height={240} />
      </div>
      <div className={styles.grid} aria-live="polite">
        {data?.processes.map((p) => (
          <ProcessCard key={p.id} process={p} />
        ))}
        {data && <DiskCard disk={data.disk} />}
      </div>
    </Flex>
  );
}

function ProcessCard({ process: p }: { process: ProcessRow }) {
  const f = p.facts;
  const heapShare = f.heapTotal > 0 ? Math.round((f.heapUsed / f.heapTotal) * 100) : 0;
  return (
    <Card
      size="small"
      title={processName(p)}
      extra={
        <Flex gap={4}>
          {p.current && <Tag color="blue">当前</Tag>}
          {p.online ? <Tag color="green">在线</Tag> : <Tag color="red">离线</Tag>}
        </Flex>
      }
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="CPU">{`${f.cpuPercent}%（${f.cpus} 核，负载 ${f.loadAvg.join(' / ')}）`}</Descriptions.Item>
        <Descriptions.Item label="常驻内存 RSS">{formatBytes(f.rss)}</Descriptions.Item>
        <Descriptions.Item label="堆内存">
          <Flex vertical>
            <span>{`${formatBytes(f.heapUsed)} / ${formatBytes(f.heapTotal)}`}</span>
            <Progress percent={heapShare} size="small" aria-label="堆内存使用比例" />
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label="事件循环延迟">{`平均 ${f.loopMean} ms，p99 ${f.loopP99} ms，最大 ${f.loopMax} ms`}</Descriptions.Item>
        <Descriptions.Item label="运行时长">{formatUptime(f.uptime)}</Descriptions.Item>
        <Descriptions.Item label="Node.js">{f.nodeVersion}</Descriptions.Item>
        <Descriptions.Item label="WebSocket 连接">{f.sockets}</Descriptions.Item>
        <Descriptions.Item label="已处理接口请求">{f.requests}</Descriptions.Item>
        <Descriptions.Item label="系统内存">{`可用 ${formatBytes(f.freeMem)} / 共 ${formatBytes(f.totalMem)}`}</Descriptions.Item>
        <Descriptions.Item label="启动时间">{formatDate(p.startedAt, 'YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
        <Descriptions.Item label="最近心跳">{formatDate(p.seenAt, 'YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function DiskCard({ disk }: { disk: ServerFacts['disk'] }) {
  const used = disk.totalBytes - disk.freeBytes;
  const share = disk.totalBytes > 0 ? Math.round((used / disk.totalBytes) * 100) : 0;
  return (
    <Card size="small" title="数据目录磁盘">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label="数据目录">
          <Typography.Text style={{ wordBreak: 'break-all' }}>{disk.dataDir}</Typography.Text>
        </Descriptions.Item>
        {disk.exists ? (
          <>
            <Descriptions.Item label="磁盘">
              <Flex vertical>
                <span>{`已用 ${formatBytes(used)} / 共 ${formatBytes(disk.totalBytes)}，可用 ${formatBytes(disk.freeBytes)}`}</span>
                <Progress percent={share} size="small" status={share >= 90 ? 'exception' : 'normal'} aria-label="磁盘使用比例" />
              </Flex>
            </Descriptions.Item>
            <Descriptions.Item label="目录占用">{`${formatBytes(disk.folderBytes)}，${disk.folderFiles} 个文件${disk.capped ? '（文件过多，只统计了一部分）' : ''}`}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label="状态">目录不存在（使用外部数据库且未保存上传文件时属正常）</Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
