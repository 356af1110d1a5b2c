import { logResource, LogType, OPERATE_TYPE_TEXT } from '@sbwq/contracts';
import { Descriptions, Drawer, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListColumn, ListDefinition, SearchField } from '../../../components/list/types.ts';
import { logApi, type LogRecord } from './log.api.ts';
import { prettyParams } from './logDetail.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const who = (r: LogRecord) => (r.username ? `${r.username}（${r.userid ?? ''}）` : (r.userid ?? '—'));

const OutcomeTag = ({ record: r }: { record: LogRecord }) =>
  r.success === null ? <span>—</span> : r.success ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>;

const baseSearch: SearchField[] = [
  { name: 'user', label: '操作人', exact: true },
  { name: 'keyWord', label: '关键词', exact: true },
  { name: 'createTime', label: '时间', type: 'dateRange', hidden: true },
  { name: 'ip', label: 'IP', hidden: true },
];

const loginColumns: ListColumn<LogRecord>[] = [
  { title: '日志内容', dataIndex: 'logContent', ellipsis: true },
  { title: '操作人', key: 'who', width: 180, render: (_: unknown, r: LogRecord) => who(r) },
  { title: 'IP', dataIndex: 'ip', width: 140, sorter: true },
  { title: '客户端', dataIndex: 'userAgent', ellipsis: true, defaultHidden: true },
  { title: '时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
];

const operationColumns: ListColumn<LogRecord>[] = [
  // wraps rather than cut: what was done, to which record and its decision come last in the text, and at 1440 px an ellipsis hid them
  { title: '日志内容', dataIndex: 'logContent' },
  { title: '操作人', key: 'who', width: 160, render: (_: unknown, r: LogRecord) => who(r) },
  { title: 'IP', dataIndex: 'ip', width: 130 },
  { title: '请求方式', dataIndex: 'requestType', width: 90, align: 'center' },
  { title: '请求地址', dataIndex: 'requestUrl', ellipsis: true, defaultHidden: true },
  { title: '操作类型', dataIndex: 'operateType', width: 90, align: 'center', render: (v: number | null) => (v === null ? '—' : (OPERATE_TYPE_TEXT[v] ?? v)) },
  { title: '结果', key: 'outcome', width: 80, align: 'center', render: (_: unknown, r: LogRecord) => <OutcomeTag record={r} /> },
  { title: '耗时(毫秒)', dataIndex: 'costTime', width: 100, align: 'right', sorter: true },
  { title: '时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
];

function definitionOf(logType: number, onDetail: (r: LogRecord) => void): ListDefinition<LogRecord> {
  const operation = logType === LogType.operation;
  return {
    key: `system-log-${logType}`,
    ...resourceList(logResource, logApi),
    entity: operation ? '操作日志' : '登录日志',
    detail: false,
    search: operation
      ? [
          ...baseSearch,
          {
            name: 'operateType',
            label: '操作类型',
            type: 'select',
            hidden: true,
            options: Object.entries(OPERATE_TYPE_TEXT).map(([value, label]) => ({ value, label })),
          },
          {
            name: 'success',
            label: '结果',
            type: 'select',
            hidden: true,
            options: [
              { value: '1', label: '成功' },
              { value: '0', label: '失败' },
            ],
          },
        ]
      : baseSearch,
    columns: operation ? operationColumns : loginColumns,
    rowActions: [{ key: 'detail', label: '详情', inline: true, onClick: (r) => onDetail(r) }],
  };
}

/** One entry in full: who, from where, what was asked (the body pretty-printed, secrets already removed) and how it ended. */
function LogDetailDrawer({ record: r, onClose }: { record: LogRecord | null; onClose: () => void }) {
  return (
    <Drawer
      title="日志详情"
      open={r !== null}
      onClose={onClose}
      size="large"
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      className="log-detail"
    >
      {r && (
        <Descriptions size="small" bordered column={1}>
          <Descriptions.Item label="日志内容">{r.logContent ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="时间">{r.createTime}</Descriptions.Item>
          <Descriptions.Item label="操作人">{who(r)}</Descriptions.Item>
          <Descriptions.Item label="IP">{r.ip ?? '—'}</Descriptions.Item>
          {r.logType === LogType.operation && (
            <>
              <Descriptions.Item label="请求">
                <Typography.Text code>{r.requestType}</Typography.Text> <Typography.Text style={{ wordBreak: 'break-all' }}>{r.requestUrl}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="接口">{r.method ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="权限编码">{r.permissionCode ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="操作类型">{r.operateType === null ? '—' : (OPERATE_TYPE_TEXT[r.operateType] ?? r.operateType)}</Descriptions.Item>
              <Descriptions.Item label="结果">
                <OutcomeTag record={r} /> HTTP {r.statusCode ?? '—'}
                {r.errorMsg ? <Typography.Text type="danger">：{r.errorMsg}</Typography.Text> : null}
              </Descriptions.Item>
              <Descriptions.Item label="耗时">{r.costTime ?? '—'} 毫秒</Descriptions.Item>
              <Descriptions.Item label="请求参数">
                <pre
                  className="log-params"
                  tabIndex={0}
                  aria-label="请求参数"
                  style={{ margin: 0, maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                >
                  {prettyParams(r.requestParam)}
                </pre>
              </Descriptions.Item>
            </>
          )}
          <Descriptions.Item label="客户端">{r.userAgent ?? '—'}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}

const tabs = [
  { key: String(LogType.login), label: '登录日志' },
  { key: String(LogType.operation), label: '操作日志' },
];

/** 系统日志 (system/SysLogList, stock 日志管理): 登录日志 and 操作日志 tabs over `/sys/log/list`; read-only (only the retention job deletes). */
export function SysLogList() {
  const [viewing, setViewing] = useState<LogRecord | null>(null);
  const [definitions] = useState(() => ({ 1: definitionOf(LogType.login, setViewing), 2: definitionOf(LogType.operation, setViewing) }));
  return (
    <>
      <Tabs
        className="log-tabs"
        destroyOnHidden
        items={tabs.map((tab) => ({
          ...tab,
          children: <ListPage definition={definitions[Number(tab.key) as 1 | 2]} params={{ logType: tab.key }} />,
        }))}
      />
      <LogDetailDrawer record={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
