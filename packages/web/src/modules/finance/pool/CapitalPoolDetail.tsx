import type { PoolLogRecord, PoolRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { unwrap } from '../../../platform/result.ts';
import { formatMoney } from '../../../platform/format.ts';
import { POOL_LOG_LIST_KEY, POOL_STATUS_COLORS, poolApi, poolLogApi } from './pool.api.ts';
import { kindColumns } from '../../../components/list/columnKinds.tsx';
import { poolLogColumns } from './poolLog.columns.tsx';
import { DataLogHistoryButton } from '../../../components/datalog/DataLogHistory.tsx';

const PAGE_SIZE = 10;

/** Amounts by their labels, each shown exactly with two decimals. */
const moneyItems = (amounts: Record<string, Parameters<typeof formatMoney>[0]>) =>
  Object.entries(amounts).map(([label, amount]) => ({ key: label, label, children: formatMoney(amount) }));

/** 详情: a pool's settings, its balances read fresh, and its log newest first. */
export function CapitalPoolDetail({ pool, onClose }: { pool: PoolRecord | null; onClose: () => void }) {
  const [pageNo, setPageNo] = useState(1);
  const id = pool?.id ?? '';
  const fresh = useQuery({ queryKey: ['finance-pool-detail', id], enabled: Boolean(pool), queryFn: async () => unwrap(await poolApi.queryById(id)) });
  const logs = useQuery({
    queryKey: ['list', POOL_LOG_LIST_KEY, 'detail', id, pageNo],
    enabled: Boolean(pool),
    queryFn: async ({ signal }) => unwrap(await poolLogApi.list({ poolId: id, pageNo, pageSize: PAGE_SIZE, column: 'seq', order: 'desc' }, signal)),
  });
  const p = fresh.data ?? pool;
  return (
    <Modal title={`资金池详情：${p?.poolName ?? ''}`} open={pool !== null} onCancel={onClose} footer={null} width={1200} destroyOnHidden>
      {p && (
        <Descriptions
          size="small"
          bordered
          column={4}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'code', label: '编号', children: p.poolCode },
            { key: 'source', label: '资金来源', children: p.fundSource_dictText },
            { key: 'year', label: '年度', children: p.poolYear },
            { key: 'status', label: '状态', children: <Tag color={POOL_STATUS_COLORS[p.status]}>{p.status_dictText}</Tag> },
            ...moneyItems({
              总额: p.totalAmount,
              冻结: p.frozenAmount,
              已使用: p.usedAmount,
              余额: p.balanceAmount,
              单件补贴标准: p.subsidyPerCase,
              单机构上限: p.orgCap,
            }),
            { key: 'valid', label: '有效期', span: 2, children: p.validFrom || p.validTo ? `${p.validFrom ?? ''} 至 ${p.validTo ?? ''}` : '' },
            { key: 'remark', label: '备注', span: 4, children: p.remark },
            { key: 'history', label: '修改历史', span: 4, children: <DataLogHistoryButton dataTable="fin_capital_pool" dataId={p.id} title={p.poolName} /> },
          ]}
        />
      )}
      <Table<PoolLogRecord>
        rowKey="id"
        size="small"
        loading={logs.isFetching}
        columns={kindColumns(
          poolLogColumns(false).map(({ sorter: _sorter, ...c }) => c),
          'small',
        )}
        dataSource={logs.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: logs.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
      />
    </Modal>
  );
}
