import { DATA_TABLE_TEXT, DataLogPerm, dataLogResource, type ChainReportRecord } from '@sbwq/contracts';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Access } from '../../../components/access/Access.tsx';
import { dataLogApi, dataLogCalls, type DataLogRecord } from '../../../components/datalog/dataLog.api.ts';
import { DataLogHistoryDrawer, type HistoryTarget } from '../../../components/datalog/DataLogHistory.tsx';
import { changedFieldsText } from '../../../components/datalog/versionDiff.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListColumn, ListDefinition } from '../../../components/list/types.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const OP_COLORS: Record<string, string> = { add: 'green', edit: 'blue', delete: 'red' };

const columns: ListColumn<DataLogRecord>[] = [
  { title: '表名', dataIndex: 'dataTable', width: 110, render: (_: unknown, r: DataLogRecord) => r.dataTable_dictText },
  // the record by its business number (批次编号, 报销单号 …; issue 36); the id stays for the search and the hidden column
  { title: '记录', key: 'title', ellipsis: true, width: 220, render: (_: unknown, r: DataLogRecord) => r.dataTitle ?? r.dataId },
  { title: '记录ID', dataIndex: 'dataId', ellipsis: true, width: 150, defaultHidden: true },
  { title: '版本', dataIndex: 'dataVersion', width: 70, align: 'center', sorter: true },
  {
    title: '变更类型',
    dataIndex: 'op',
    width: 90,
    align: 'center',
    render: (_: unknown, r: DataLogRecord) => <Tag color={OP_COLORS[r.op]}>{r.op_dictText}</Tag>,
  },
  { title: '修改字段', key: 'fields', ellipsis: true, render: (_: unknown, r: DataLogRecord) => changedFieldsText(r) },
  { title: '操作人', key: 'who', width: 130, render: (_: unknown, r: DataLogRecord) => r.createName ?? r.createBy ?? '—' },
  { title: '时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
  { title: '链序号', dataIndex: 'chainSeq', width: 90, align: 'right', defaultHidden: true },
];

/** 校验哈希链: links what is new, walks the chain and tells OK or the first broken entry. */
function VerifyButton() {
  const [report, setReport] = useState<ChainReportRecord | null>(null);
  const verify = useApiMutation(() => dataLogCalls.verify({}), { successMessage: false, onSuccess: (r) => setReport(r) });
  return (
    <Access code={DataLogPerm.verify}>
      <Button icon={<SafetyCertificateOutlined />} loading={verify.isPending} onClick={() => verify.run(undefined)} className="datalog-verify">
        校验哈希链
      </Button>
      <Modal
        title="哈希链校验结果"
        open={report !== null}
        onCancel={() => setReport(null)}
        onOk={() => setReport(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText="知道了"
      >
        {report && (
          <>
            <Alert type={report.ok ? 'success' : 'error'} showIcon title={report.ok ? '哈希链完整' : '哈希链已被破坏'} description={report.message} />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              数据日志与审批记录共用一条链：每条记录保存其内容与前一条哈希的 HMAC-SHA256（以服务器密钥 APP_SECRET
              为密钥，不在数据库中，改动后无法在库内重算）。已核对 {report.checked} 条，链头为第 {report.headSeq} 条；本次新链接 {report.sealed} 条。
            </Typography.Paragraph>
          </>
        )}
      </Modal>
    </Access>
  );
}

function definitionOf(onHistory: (r: DataLogRecord) => void): ListDefinition<DataLogRecord> {
  return {
    key: 'system-data-log',
    ...resourceList(dataLogResource, dataLogApi),
    detail: false,
    selectable: false,
    search: [
      { name: 'dataTable', label: '表名', type: 'select', options: Object.entries(DATA_TABLE_TEXT).map(([value, label]) => ({ value, label })) },
      { name: 'dataId', label: '记录ID', exact: true },
      { name: 'user', label: '操作人', exact: true, hidden: true },
      { name: 'createTime', label: '时间', type: 'dateRange', hidden: true },
    ],
    columns,
    rowActions: [{ key: 'history', label: '修改历史', inline: true, onClick: (r) => onHistory(r) }],
    toolbar: () => <VerifyButton />,
  };
}

/** 数据日志 (sbwq/system/DataLogList, stock 数据日志): every version of the business records, a record's history and two versions compared. */
export function DataLogList() {
  const [target, setTarget] = useState<HistoryTarget | null>(null);
  const [definition] = useState(() =>
    definitionOf((r) => setTarget({ dataTable: r.dataTable, dataId: r.dataId, ...(r.dataTitle ? { title: r.dataTitle } : {}) })),
  );
  return (
    <>
      <ListPage definition={definition} />
      <DataLogHistoryDrawer target={target} onClose={() => setTarget(null)} />
    </>
  );
}
