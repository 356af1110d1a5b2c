import type { PoolLogRecord, PoolRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { unwrap } from '../../../platform/result.ts';
import { formatMoney, POOL_LOG_LIST_KEY, POOL_STATUS_COLORS, poolApi, poolLogApi } from './pool.api.ts';
import { kindColumns } from '../../../components/list/columnKinds.tsx';
import { poolLogColumns } from './poolLog.columns.tsx';

const PAGE_SIZE = 10;

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
        <Descriptions size="small" bordered column={4} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="编号">{p.poolCode}</Descriptions.Item>
          <Descriptions.Item label="资金来源">{p.fundSource_dictText}</Descriptions.Item>
          <Descriptions.Item label="年度">{p.poolYear}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={POOL_STATUS_COLORS[p.status]}>{p.status_dictText}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label="总额">{formatMoney(p.totalAmount)}</Descriptions.Item>
          <Descriptions.Item label="冻结">{formatMoney(p.frozenAmount)}</Descriptions.Item>
          <Descriptions.Item label="已使用">{formatMoney(p.usedAmount)}</Descriptions.Item>
          <Descriptions.Item label="余额">{formatMoney(p.balanceAmount)}</Descriptions.Item>
          <Descriptions.Item label="单件补贴标准">{formatMoney(p.subsidyPerCase)}</Descriptions.Item>
          <Descriptions.Item label="单机构上限">{formatMoney(p.orgCap)}</Descriptions.Item>
          <Descriptions.Item label="有效期" span={2}>
            {p.validFrom || p.validTo ? `${p.validFrom ?? ''} 至 ${p.validTo ?? ''}` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="备注" span={4}>
            {p.remark}
          </Descriptions.Item>
        </Descriptions>
      )}
      <Table<PoolLogRecord>
        rowKey="id"
        size="small"
        loading={logs.isFetching}
        columns={kindColumns(poolLogColumns(false).map(({ sorter: _sorter, ...c }) => c), 'small')}
        dataSource={logs.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: logs.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false }}
      />
    </Modal>
  );
}
