import { z } from 'zod';
import { defineResource, permCodes } from '../resource.ts';
import { MoneyMsg, moneyText } from './money.ts';
import { dictText, nullableText } from '../record-fields.ts';

/** pool_change_type: 入账, 冻结, 解冻, 扣减(支付), 退回, 调整 */
export const PoolChangeType = { deposit: '1', freeze: '2', release: '3', deduct: '4', refund: '5', adjust: '6' } as const;
export type PoolChangeTypeValue = (typeof PoolChangeType)[keyof typeof PoolChangeType];
export const POOL_CHANGE_TYPES = Object.values(PoolChangeType) as [PoolChangeTypeValue, ...PoolChangeTypeValue[]];

/**
 * A pool's money sits in three accounts, and the outside world is the fourth: 总额 = 可用 + 冻结 + 已用.
 * Every log row moves its amount from one account to another, so no row can create or lose money.
 */
export const POOL_ACCOUNTS = ['external', 'available', 'frozen', 'used'] as const;
export type PoolAccount = (typeof POOL_ACCOUNTS)[number];
export const POOL_ACCOUNT_TEXT: Record<PoolAccount, string> = { external: '外部', available: '可用', frozen: '冻结', used: '已用' };

const changeTypeValue = z.enum(POOL_CHANGE_TYPES);
const poolAccount = z.enum(POOL_ACCOUNTS);

export const poolLogRecordSchema = z.object({
  id: z.string(),
  poolId: z.string(),
  poolCode: z.string(),
  poolName: z.string(),
  /** the row's place in its pool's log: 1, 2, 3 … without gaps */
  seq: z.number(),
  changeType: changeTypeValue,
  changeType_dictText: dictText,
  amount: z.string(),
  fromAccount: poolAccount,
  toAccount: poolAccount,
  /** 可用余额 before and after */
  balanceBefore: z.string(),
  balanceAfter: z.string(),
  totalAfter: z.string(),
  frozenAfter: z.string(),
  usedAfter: z.string(),
  /** the business the money belongs to (`batch:<id>`); release, deduct and refund draw on what it froze */
  bizRef: nullableText,
  /** 关联业务编号: 批次号 / 报销单号 / 凭证号 */
  bizNo: nullableText,
  orgId: nullableText,
  orgName: nullableText,
  remark: nullableText,
  createBy: nullableText,
  /** 操作人: the name of the user `createBy` names (系统 for the server's own moves) */
  createByName: nullableText,
  createTime: nullableText,
});
export type PoolLogRecord = z.infer<typeof poolLogRecordSchema>;

/** What one booking answers (入账, 调整, and the flows' freeze … refund): the log row it wrote and the pool after it. */
export const ledgerResultSchema = z.object({
  logId: z.string(),
  poolId: z.string(),
  seq: z.number(),
  changeType: changeTypeValue,
  amount: z.string(),
  fromAccount: poolAccount,
  toAccount: poolAccount,
  balanceAfter: z.string(),
  frozenAfter: z.string(),
  usedAfter: z.string(),
  totalAfter: z.string(),
  /** true when the key had been booked before and this answer is that first result */
  repeated: z.boolean(),
});
export type LedgerResult = z.infer<typeof ledgerResultSchema>;

export const PoolLogPerm = permCodes('finance:poolLog', ['list', 'export']);

/** 资金池日志: append-only; corrections are new 调整 rows. */
export const poolLogResource = defineResource<PoolLogRecord>()({
  basePath: '/rights/capitalPoolLog',
  entity: '资金池日志',
  record: poolLogRecordSchema,
  perm: PoolLogPerm,
  routes: ['list', 'exportXls'],
  docs: { list: { description: '只能追加：没有修改或删除。按资金池（poolId）、变动类型、时间范围（createTime_begin/_end）、机构、关联业务编号筛选。' } },
});

export const PoolLedgerMsg = {
  amount: '金额须为大于0的数字，最多两位小数',
  notFound: '资金池不存在',
  paused: '资金池已暂停，不能操作资金',
  settled: '资金池已结清，不能操作资金',
  notActive: '资金池未启用，不能冻结或支付资金',
  overdraw: (balance: string) => `资金池可用余额不足（可用余额 ${moneyText(balance)} 元）`,
  adjustBelowZero: (balance: string) => `调整后可用余额将小于0（可用余额 ${moneyText(balance)} 元）`,
  releaseTooMuch: (held: string) => `解冻金额超过该业务的冻结金额（尚冻结 ${moneyText(held)} 元）`,
  deductTooMuch: (held: string) => `扣减金额超过该业务的冻结金额（尚冻结 ${moneyText(held)} 元）`,
  refundTooMuch: (paid: string) => `退回金额超过该业务已扣减的金额（可退回 ${moneyText(paid)} 元）`,
  /** a 入账 or 调增 that would take the total past its column (numeric(14,2)); `room` is what may still be added */
  totalOverColumn: (room: string) => `${MoneyMsg.overColumn('资金池总额')}（最多还可增加 ${moneyText(room)} 元）`,
  bizRefRequired: '缺少关联业务',
  keyReused: '该业务键已用于另一笔资金操作',
  reasonRequired: '请填写调整原因',
  deposited: '入账成功',
  adjusted: '调整成功',
  reconciled: '对账完成，账实相符',
  reconcileDiff: (n: number) => `对账完成，发现 ${n} 个资金池账实不符`,
} as const;
