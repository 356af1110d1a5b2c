import { POOL_ACCOUNT_TEXT, type PoolLogRecord } from '@sbwq/contracts';
import type { ListColumn } from '../../../components/list/types.ts';

/**
 * The columns of a pool's log, in the log screen and in a pool's detail. The log screen starts without
 * 序号, 资金流向, 变动前余额 and 机构 (in 列设置), so that its amounts and times fit a 1440 px screen.
 */
export const poolLogColumns = (withPool: boolean): ListColumn<PoolLogRecord>[] => [
  ...(withPool ? [{ title: '资金池', dataIndex: 'poolName', ellipsis: true }] : []),
  { title: '序号', dataIndex: 'seq', width: 64, align: 'center', defaultHidden: withPool },
  { title: '变动类型', dataIndex: 'changeType', width: 96, align: 'center', render: (_: unknown, r: PoolLogRecord) => r.changeType_dictText || r.changeType },
  { title: '金额', dataIndex: 'amount', kind: 'money' },
  {
    title: '资金流向',
    key: 'flow',
    width: 110,
    align: 'center',
    defaultHidden: withPool,
    render: (_: unknown, r: PoolLogRecord) => `${POOL_ACCOUNT_TEXT[r.fromAccount]} → ${POOL_ACCOUNT_TEXT[r.toAccount]}`,
  },
  { title: '变动前余额', dataIndex: 'balanceBefore', kind: 'money', defaultHidden: withPool },
  { title: '变动后余额', dataIndex: 'balanceAfter', kind: 'money' },
  { title: '关联业务', dataIndex: 'bizNo', width: 140 },
  { title: '机构', dataIndex: 'orgName', ellipsis: true, defaultHidden: withPool },
  { title: '操作人', dataIndex: 'createBy', width: 100, ellipsis: true, render: (value: string | null, r: PoolLogRecord) => r.createByName ?? value },
  { title: '时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
  { title: '备注', dataIndex: 'remark', ellipsis: true },
];
