import type { OnlineUsers as Online } from '@sbwq/contracts';
import { Card, Flex, Table, Typography } from 'antd';
import { monitorApi, useMonitorPoll } from './monitor.api.ts';
import { MonitorFailure } from './MonitorFailure.tsx';

type Row = Online['records'][number];

/** 在线用户: who used a session in the last minutes (every process shares the session table). */
export function OnlineUsers() {
  const { data, error } = useMonitorPoll('online', (signal) => monitorApi.online(undefined, { signal, silent: true }), { everyMs: 10_000 });
  return (
    <Flex vertical gap={16}>
      <MonitorFailure error={error} />
      <Card size="small">
        <Typography.Text type="secondary">
          {data ? `最近 ${data.windowMinutes} 分钟内有访问的用户共 ${data.records.length} 人；本进程当前 WebSocket 连接 ${data.sockets} 个。` : '正在读取…'}
        </Typography.Text>
      </Card>
      <Table<Row>
        size="small"
        rowKey="username"
        loading={!data && !error}
        dataSource={data?.records ?? []}
        pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (n) => `共 ${n} 人` }}
        scroll={{ x: 720 }}
        columns={[
          { title: '账号', dataIndex: 'username', width: 120 },
          { title: '姓名', dataIndex: 'realname', width: 120 },
          { title: 'IP', dataIndex: 'ip', width: 140 },
          { title: '登录时间', dataIndex: 'loginTime', width: 170 },
          { title: '最近访问', dataIndex: 'lastSeen', width: 170 },
          { title: '会话数', dataIndex: 'sessions', width: 80, align: 'right' },
        ]}
      />
    </Flex>
  );
}
