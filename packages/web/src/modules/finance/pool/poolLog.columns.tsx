import { POOL_ACCOUNT_TEXT, type PoolLogRecord } from '@sbwq/contracts';
import type { ListColumn } from '../../../components/list/types.ts';
import { formatMoney } from './pool.api.ts';

const money = (value: string) => formatMoney(value);

/** The columns of a pool's log, in the log screen and in a pool's detail. */
export const poolLogColumns = (withPool: boolean): ListColumn<PoolLogRecord>[] => [
  ...(withPool ? [{ title: '资金池', dataIndex: 'poolName', ellipsis: true, width: 200 }] : []),
  { title: '序号', dataIndex: 'seq', width: 64, align: 'center' },
  { title: '变动类型', dataIndex: 'changeType', width: 96, align: 'center', render: (_: unknown, r: PoolLogRecord) => r.changeType_dictText || r.changeType },
  { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: money },
  { title: '资金流向', key: 'flow', width: 110, align: 'center', render: (_: unknown, r: PoolLogRecord) => `${POOL_ACCOUNT_TEXT[r.fromAccount]} → ${POOL_ACCOUNT_TEXT[r.toAccount]}` },
  { title: '变动前余额', dataIndex: 'balanceBefore', width: 130, align: 'right', render: money },
  { title: '变动后余额', dataIndex: 'balanceAfter', width: 130, align: 'right', render: money },
  { title: '关联业务', dataIndex: 'bizNo', width: 140 },
  { title: '机构', dataIndex: 'orgName', ellipsis: true },
  { title: '操作人', dataIndex: 'createBy', width: 100, ellipsis: true, render: (value: string | null, r: PoolLogRecord) => r.createByName ?? value },
  { title: '时间', dataIndex: 'createTime', width: 160, sorter: true },
  { title: '备注', dataIndex: 'remark', ellipsis: true },
];
