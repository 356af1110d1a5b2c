import { Alert, Card, Descriptions, Empty, Flex } from 'antd';
import { useMemo, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { ChartCard } from '../../../components/chart/ChartCard.tsx';
import { formatNumber } from '../../../platform/format.ts';
import { monitorApi, useMonitorPoll } from './monitor.api.ts';
import styles from './monitor.module.css';
import { MonitorFailure } from './MonitorFailure.tsx';
import { HISTORY_MINUTES, keepHistory, keptHistory, TIME_AXIS_LABEL, unitAxis, type RedisPoint } from './monitorFormat.ts';

const LABELS: Record<string, string> = {
  redis_version: '版本',
  redis_mode: '运行模式',
  os: '操作系统',
  arch_bits: '位数',
  process_id: '进程号',
  tcp_port: '端口',
  uptime_in_seconds: '运行秒数',
  uptime_in_days: '运行天数',
  used_memory: '已用内存（字节）',
  used_memory_human: '已用内存',
  used_memory_rss_human: '常驻内存',
  used_memory_peak_human: '内存峰值',
  maxmemory_human: '内存上限',
  maxmemory_policy: '淘汰策略',
  mem_fragmentation_ratio: '碎片率',
  total_connections_received: '累计连接数',
  total_commands_processed: '累计命令数',
  instantaneous_ops_per_sec: '每秒命令数',
  keyspace_hits: '命中次数',
  keyspace_misses: '未命中次数',
  expired_keys: '过期键数',
  evicted_keys: '淘汰键数',
  rejected_connections: '拒绝连接数',
};

type Point = RedisPoint;

function lineOption(points: Point[], figure: (p: Point) => number, name: string, unit: string): EChartsCoreOption | null {
  if (points.length === 0) return null;
  return {
    animation: false,
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v} ${unit}` },
    grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'time', axisLabel: TIME_AXIS_LABEL },
    yAxis: unitAxis(unit),
    series: [{ name, type: 'line', showSymbol: false, data: points.map((p) => [p.at, figure(p)]) }],
  };
}

function Fields({ title, fields }: { title: string; fields: Record<string, string> }) {
  return (
    <Card size="small" title={title}>
      <Descriptions size="small" column={1}>
        {Object.entries(fields).map(([key, value]) => (
          <Descriptions.Item key={key} label={LABELS[key] ?? key}>
            {value}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Card>
  );
}

/** Redis 监控: INFO server / memory / stats and this deployment's key count, with memory and commands per second over the last minutes. */
export function RedisMonitor() {
  const [points, setPoints] = useState<Point[]>(() => keptHistory.redis.filter((p) => p.at >= Date.now() - HISTORY_MINUTES * 60_000));
  const { data, error } = useMonitorPoll('redis', (signal) => monitorApi.redis(undefined, { signal, silent: true }), {
    onData: (answer, at) => {
      if (!answer.configured || answer.error) return;
      const point = { at, memoryMb: +(Number(answer.memory.used_memory ?? 0) / 1048576).toFixed(2), ops: Number(answer.stats.instantaneous_ops_per_sec ?? 0) };
      setPoints((before) => keepHistory('redis', [...before.filter((p) => p.at >= at - HISTORY_MINUTES * 60_000), point]));
    },
  });
  const memory = useMemo(() => lineOption(points, (p) => p.memoryMb, '已用内存', 'MB'), [points]);
  const ops = useMemo(() => lineOption(points, (p) => p.ops, '每秒命令数', '次/秒'), [points]);

  if (data && !data.configured) {
    return (
      <Card>
        <Empty description="未配置 Redis（环境变量 REDIS_URL）：单进程运行时不需要 Redis；多个服务进程共用数据库时，用它在进程间转发消息和清除缓存。" />
      </Card>
    );
  }
  return (
    <Flex vertical gap={16}>
      <MonitorFailure error={error} />
      {data?.error && <Alert type="error" showIcon title={data.error} />}
      {data && !data.error && (
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label="键前缀">{data.prefix}</Descriptions.Item>
            <Descriptions.Item label="本系统键数">{`${formatNumber(data.keys)}${data.keysCapped ? '+' : ''}`}</Descriptions.Item>
            <Descriptions.Item label="库中键总数">{formatNumber(data.dbSize)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <div className={styles.grid}>
        <ChartCard title="已用内存（MB）" option={memory} loading={!data} height={220} />
        <ChartCard title="每秒命令数" option={ops} loading={!data} height={220} />
      </div>
      {data && !data.error && (
        <div className={styles.grid}>
          <Fields title="服务" fields={data.server} />
          <Fields title="内存" fields={data.memory} />
          <Fields title="统计" fields={data.stats} />
        </div>
      )}
    </Flex>
  );
}
