import { Alert, Card, Descriptions, Flex, Table, Typography } from 'antd';
import { useMemo } from 'react';
import type { DatabaseMonitor as DatabaseFacts } from '@sbwq/contracts';
import type { EChartsCoreOption } from 'echarts/core';
import { ChartCard } from '../../../components/chart/ChartCard.tsx';
import { formatNumber } from '../../../platform/format.ts';
import { monitorApi, useMonitorPoll } from './monitor.api.ts';
import { MonitorFailure } from './MonitorFailure.tsx';
import { formatBytes } from './monitorFormat.ts';

type TableRow = DatabaseFacts['tables'][number];
type Statement = DatabaseFacts['statements']['rows'][number];

/** The ten biggest tables as bars (MB), biggest on top. */
function tablesOption(tables: TableRow[]): EChartsCoreOption | null {
  const top = tables.slice(0, 10).reverse();
  if (top.length === 0) return null;
  return {
    animation: false,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `${v} MB` },
    // the unit sits under the axis, centred, where no label can cut it (issue 36: 'MB' at the end was clipped)
    grid: { left: 16, right: 24, top: 16, bottom: 28, containLabel: true },
    xAxis: { type: 'value', name: 'MB', nameLocation: 'middle', nameGap: 24, axisLabel: { hideOverlap: true, alignMaxLabel: 'right' } },
    yAxis: { type: 'category', data: top.map((t) => t.name) },
    series: [{ name: '大小', type: 'bar', barMaxWidth: 18, data: top.map((t) => +(t.totalBytes / 1048576).toFixed(2)) }],
  };
}

/** 数据库监控: size, sessions by state, the slowest statements where the server records them, the 20 biggest tables. */
export function DatabaseMonitor() {
  const { data, error } = useMonitorPoll('database', (signal) => monitorApi.database(undefined, { signal, silent: true }), { everyMs: 10_000 });
  const bars = useMemo(() => (data ? tablesOption(data.tables) : null), [data]);
  return (
    <Flex vertical gap={16}>
      <MonitorFailure error={error} />
      <Card size="small" title="数据库" loading={!data && !error}>
        {data && (
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label="类型">{data.kind === 'pglite' ? '内置数据库（PGlite）' : 'PostgreSQL'}</Descriptions.Item>
            <Descriptions.Item label="大小">{formatBytes(data.sizeBytes)}</Descriptions.Item>
            <Descriptions.Item label="连接">
              {data.connections ? data.connections.map((c) => `${c.state} ${c.count}`).join('，') || '无' : '内置数据库为单连接，无连接统计'}
            </Descriptions.Item>
            <Descriptions.Item label="版本" span={{ xs: 1, md: 3 }}>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{data.version}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <ChartCard title="占用空间最大的表（MB）" option={bars} loading={!data} height={320} />
      <Card size="small" title="最慢的语句">
        {data && !data.statements.available && <Alert type="info" showIcon title={data.statements.note} />}
        {data?.statements.available && (
          <Table<Statement>
            size="small"
            rowKey={(r) => r.query}
            dataSource={data.statements.rows}
            pagination={false}
            scroll={{ x: 720 }}
            columns={[
              { title: '语句', dataIndex: 'query', ellipsis: true },
              { title: '调用次数', dataIndex: 'calls', width: 100, align: 'right', render: (v: number) => formatNumber(v) },
              { title: '平均耗时(ms)', dataIndex: 'meanMs', width: 120, align: 'right' },
              { title: '总耗时(ms)', dataIndex: 'totalMs', width: 120, align: 'right' },
              { title: '返回行数', dataIndex: 'rows', width: 100, align: 'right', render: (v: number) => formatNumber(v) },
            ]}
          />
        )}
      </Card>
      <Card size="small" title="表大小（前20）">
        <Table<TableRow>
          size="small"
          rowKey="name"
          loading={!data && !error}
          dataSource={data?.tables ?? []}
          pagination={false}
          scroll={{ x: 420 }}
          columns={[
            { title: '表名', dataIndex: 'name' },
            { title: '大小（含索引）', dataIndex: 'totalBytes', width: 140, align: 'right', render: (v: number) => formatBytes(v) },
            { title: '估计行数', dataIndex: 'rows', width: 110, align: 'right', render: (v: number) => formatNumber(v) },
          ]}
        />
      </Card>
    </Flex>
  );
}
