import { DATA_TABLE_TEXT, DataLogPerm } from '@sbwq/contracts';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Drawer, Empty, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Access } from '../access/Access.tsx';
import { unwrap } from '../../platform/result.ts';
import { dataLogCalls, type DataLogRecord } from './dataLog.api.ts';
import { changedFieldsText, versionDiff, type DiffRow } from './versionDiff.ts';

export type HistoryTarget = { dataTable: string; dataId: string; title?: string };

const OP_COLORS: Record<string, string> = { add: 'green', edit: 'blue', delete: 'red' };

/** The two versions picked: by default the newest two (or the only one). */
const defaultPick = (versions: DataLogRecord[]) => versions.slice(-2).map((v) => v.id);

/** Two versions side by side, the changed fields marked (数据日志 对比). */
export function VersionCompare({ older, newer }: { older: DataLogRecord; newer: DataLogRecord }) {
  const rows = versionDiff(older.display, newer.display);
  const changed = rows.filter((r) => r.changed).length;
  return (
    <div className="datalog-compare">
      <Typography.Paragraph>
        版本 {older.dataVersion}（{older.createTime}，{older.createName ?? older.createBy}）与版本 {newer.dataVersion}（{newer.createTime}，
        {newer.createName ?? newer.createBy}）：
        {changed ? `${changed} 个字段不同（已标出）` : '内容相同'}
      </Typography.Paragraph>
      <Table<DiffRow>
        size="small"
        rowKey="field"
        pagination={false}
        scroll={{ x: 560 }}
        rowClassName={(r) => (r.changed ? 'datalog-changed' : '')}
        dataSource={rows}
        columns={[
          {
            title: '字段',
            dataIndex: 'label',
            width: 140,
            render: (label: string, r) =>
              r.changed ? (
                <Space size={4}>
                  {label}
                  <Tag color="orange">已修改</Tag>
                </Space>
              ) : (
                label
              ),
          },
          {
            title: `版本 ${older.dataVersion}`,
            dataIndex: 'older',
            render: (v: string, r) => <span style={{ wordBreak: 'break-all', ...(r.changed ? { background: '#fff1f0' } : {}) }}>{v}</span>,
          },
          {
            title: `版本 ${newer.dataVersion}`,
            dataIndex: 'newer',
            render: (v: string, r) => <span style={{ wordBreak: 'break-all', ...(r.changed ? { background: '#f6ffed' } : {}) }}>{v}</span>,
          },
        ]}
      />
    </div>
  );
}

/** 修改历史: a record's versions (who, when, which fields), two of them compared side by side. */
export function DataLogHistoryDrawer({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const versions = useQuery({
    queryKey: ['system', 'dataLog', 'versions', target?.dataTable, target?.dataId],
    queryFn: async ({ signal }) => unwrap(await dataLogCalls.queryDataVerList({ dataTable: target!.dataTable, dataId: target!.dataId }, { signal })),
    enabled: target !== null,
    staleTime: 0,
  });
  const list = versions.data ?? [];
  // null: nothing ticked by hand yet, so the newest two are compared
  const [ticked, setTicked] = useState<string[] | null>(null);
  const picked = ticked ?? defaultPick(list);
  const chosen = list.filter((v) => picked.includes(v.id));
  const toggle = (id: string, on: boolean) => setTicked(on ? [...picked.filter((x) => x !== id), id].slice(-2) : picked.filter((x) => x !== id));
  const close = () => {
    setTicked(null);
    onClose();
  };
  const tableText = target ? (DATA_TABLE_TEXT[target.dataTable] ?? target.dataTable) : '';
  return (
    <Drawer
      title={target ? `修改历史：${tableText}${target.title ? ` ${target.title}` : ''}` : '修改历史'}
      open={target !== null}
      onClose={close}
      size={960}
      styles={{ wrapper: { maxWidth: '100vw' } }}
      destroyOnHidden
      className="datalog-history"
    >
      {versions.isLoading ? (
        <Spin />
      ) : !list.length ? (
        <Empty description="这条记录还没有修改历史" />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Text type="secondary">共 {list.length} 个版本；勾选两个版本进行对比。</Typography.Text>
          <Table<DataLogRecord>
            size="small"
            rowKey="id"
            pagination={false}
            scroll={{ x: 640 }}
            dataSource={list}
            columns={[
              {
                title: '对比',
                key: 'pick',
                width: 60,
                render: (_: unknown, v) => (
                  <Checkbox aria-label={`选择版本 ${v.dataVersion}`} checked={picked.includes(v.id)} onChange={(e) => toggle(v.id, e.target.checked)} />
                ),
              },
              { title: '版本', dataIndex: 'dataVersion', width: 60 },
              { title: '变更类型', dataIndex: 'op_dictText', width: 90, render: (text: string, v) => <Tag color={OP_COLORS[v.op]}>{text}</Tag> },
              { title: '修改字段', key: 'fields', render: (_: unknown, v) => changedFieldsText(v) },
              { title: '操作人', key: 'who', width: 130, render: (_: unknown, v) => v.createName ?? v.createBy ?? '—' },
              { title: '时间', dataIndex: 'createTime', width: 170 },
            ]}
          />
          {chosen.length === 2 ? (
            <VersionCompare older={chosen[0]!} newer={chosen[1]!} />
          ) : (
            <Alert type="info" showIcon title={list.length === 1 ? '只有一个版本：这是记录创建时的内容。' : '请勾选两个版本进行对比。'} />
          )}
        </Space>
      )}
    </Drawer>
  );
}

/** The detail pages' 修改历史 button: shown to whoever may read the data log. */
export function DataLogHistoryButton({ dataTable, dataId, title }: HistoryTarget) {
  const [open, setOpen] = useState(false);
  return (
    <Access code={DataLogPerm.list}>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)} className="datalog-history-button">
        修改历史
      </Button>
      <DataLogHistoryDrawer target={open ? { dataTable, dataId, title } : null} onClose={() => setOpen(false)} />
    </Access>
  );
}
