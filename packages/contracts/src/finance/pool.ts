import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { Msg } from '../messages.ts';
import { defineResource, permCodes } from '../resource.ts';
import { dictValue, idBody, optionalDate, optionalText, requiredText } from '../rights/common.ts';
import { intLike } from '../system/dict.ts';
import { nonNegativeMoney, positiveMoney, signedMoney } from './money.ts';
import { auditFields, dictText, nullableText } from '../record-fields.ts';

/** pool_status: 筹备 → 启用 ⇄ 暂停; 启用/暂停 → 已结清 (DOMAIN.md pool flow). */
export const PoolStatus = { preparing: '1', active: '2', paused: '3', settled: '4' } as const;
export type PoolStatusValue = (typeof PoolStatus)[keyof typeof PoolStatus];
export const POOL_STATUS_VALUES = Object.values(PoolStatus) as [PoolStatusValue, ...PoolStatusValue[]];
/** fund_source: 财政拨款, 会员会费, 专项捐助, 平台合作 */
export const FUND_SOURCES = ['1', '2', '3', '4'] as const;

export const PoolMsg = {
  notFound: '资金池不存在',
  nameRequired: '请输入资金池名称',
  fundSource: '请选择资金来源',
  year: '年度应为2000到2100之间的整数',
  validRange: '有效期结束日期不能早于开始日期',
  notEditable: '只有筹备中的资金池可以修改',
  notPreparing: '只有筹备中的资金池可以启用',
  notActive: '只有启用中的资金池可以暂停',
  notPaused: '只有已暂停的资金池可以恢复',
  notSettleable: '只有启用或暂停中的资金池可以结清',
  settleFrozen: '资金池仍有冻结金额，解冻或扣减后才能结清',
  added: '添加成功！',
  edited: '编辑成功!',
  enabled: '资金池已启用',
  paused: '资金池已暂停',
  resumed: '资金池已恢复',
  settled: '资金池已结清',
} as const;

const fields = {
  poolName: requiredText(100, PoolMsg.nameRequired),
  fundSource: dictValue(FUND_SOURCES, PoolMsg.fundSource),
  poolYear: intLike(2000, 2100, PoolMsg.year),
  /** set freely while 筹备 (the difference is written to the log); afterwards only by 入账 and 调整 */
  totalAmount: nonNegativeMoney.optional(),
  /** 单件补贴标准: what one case may be subsidised at most; enforced by the clue-batch and claim flows */
  subsidyPerCase: nonNegativeMoney.nullish(),
  /** 单机构上限: what one organisation may draw from the pool */
  orgCap: nonNegativeMoney.nullish(),
  validFrom: optionalDate('有效期开始日期'),
  validTo: optionalDate('有效期结束日期'),
  remark: optionalText(500, '备注'),
};

const validRange = (body: { validFrom: string | null; validTo: string | null }, ctx: z.RefinementCtx) => {
  if (body.validFrom && body.validTo && body.validTo < body.validFrom) ctx.addIssue({ code: 'custom', message: PoolMsg.validRange, path: ['validTo'] });
};

export const poolAddBody = z.object(fields).superRefine(validRange);
export const poolEditBody = z.object({ ...idBody.shape, ...fields }).superRefine(validRange);
export type PoolAddBody = z.infer<typeof poolAddBody>;
export type PoolEditBody = z.infer<typeof poolEditBody>;

/** 资金池 as list, queryById and export read it; amounts are 2-decimal strings. */
export const poolRecordSchema = z.object({
  id: z.string(),
  poolCode: z.string(),
  poolName: z.string(),
  fundSource: z.string(),
  fundSource_dictText: dictText,
  poolYear: z.number(),
  /** 总额 = 余额 + 冻结 + 已使用 */
  totalAmount: z.string(),
  frozenAmount: z.string(),
  usedAmount: z.string(),
  balanceAmount: z.string(),
  subsidyPerCase: nullableText,
  orgCap: nullableText,
  validFrom: nullableText,
  validTo: nullableText,
  status: z.enum(POOL_STATUS_VALUES),
  status_dictText: dictText,
  remark: nullableText,
  ...auditFields,
});
export type PoolRecord = z.infer<typeof poolRecordSchema>;

export const PoolPerm = permCodes('finance:pool', ['list', 'add', 'edit', 'status', 'deposit', 'adjust', 'export', 'reconcile']);

/** The pool's amounts with their titles, in the order the export and the data log show them. */
export const POOL_AMOUNT_TEXT = {
  totalAmount: '总额',
  frozenAmount: '冻结',
  usedAmount: '已使用',
  balanceAmount: '余额',
  subsidyPerCase: '单件补贴标准',
  orgCap: '单机构上限',
} as const satisfies Partial<Record<keyof PoolRecord, string>>;

/** 资金池管理: `/rights/capitalPool/list` …; no delete: a pool with a log is history. */
export const capitalPoolResource = defineResource<PoolRecord>()({
  basePath: '/rights/capitalPool',
  entity: '资金池',
  record: poolRecordSchema,
  perm: PoolPerm,
  routes: ['list', 'queryById', 'add', 'edit', 'exportXls'],
  addBody: poolAddBody,
  editBody: poolEditBody,
  docs: {
    list: { description: '按编号、名称、资金来源、年度、状态、有效期筛选；金额为两位小数的字符串。' },
    add: { description: '新资金池为筹备状态，编号按 pool_code 规则生成；填写的总额记为初始入账。' },
    edit: { description: '只有筹备中的资金池可以修改；总额的变化记为调整。' },
  },
});

/**
 * A retried request carries the same `requestKey` (the dialog makes one when it opens), so a double
 * click or a resend after a lost answer books the money once.
 */
const requestKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, '请求标识格式不正确')
  .optional();

export const poolDepositBody = z.object({
  poolId: idBody.shape.id,
  amount: positiveMoney,
  bizNo: optionalText(64, '凭证号'),
  remark: optionalText(500, '备注'),
  requestKey,
});
export const poolAdjustBody = z.object({
  poolId: idBody.shape.id,
  amount: signedMoney,
  reason: requiredText(500, '请填写调整原因'),
  requestKey,
});
export type PoolDepositBody = z.input<typeof poolDepositBody>;
export type PoolAdjustBody = z.input<typeof poolAdjustBody>;

/** 对账: one pool's row against what its log adds up to. */
export const poolReconcileReportSchema = z.object({
  checkedPools: z.number(),
  checkedLogs: z.number(),
  differences: z.array(z.object({ poolId: z.string(), poolCode: z.string(), poolName: z.string(), problems: z.array(z.string()) })),
});
export type PoolReconcileReport = z.infer<typeof poolReconcileReportSchema>;

/** spec §7 statistics. */
export const poolStatisticSchema = z.object({
  poolId: z.string(),
  poolName: z.string(),
  total: z.string(),
  frozen: z.string(),
  used: z.string(),
  balance: z.string(),
});
export type PoolStatistic = z.infer<typeof poolStatisticSchema>;
export const poolLineSchema = z.object({ date: z.string(), poolId: z.string(), poolName: z.string(), balance: z.string(), used: z.string() });
export type PoolLine = z.infer<typeof poolLineSchema>;
export const poolLinesQuery = z.object({
  startDate: optionalDate('开始日期'),
  endDate: optionalDate('结束日期'),
  poolId: z.string().max(36).optional(),
});

/**
 * The pools' statistics (spec §7), declared as queries the way a flow declares its actions (issue 37):
 * the server registers them with `registerFlow`, the web calls them through `flowApi`. Any signed-in
 * user may ask; without 资金池 list permission the answer is empty.
 */
export const poolQueries = defineFlow()({
  basePath: '/sys/api',
  actions: {
    statistics: {
      path: 'capitalPoolStatisticalList',
      method: 'GET',
      signedIn: true,
      reply: z.array(poolStatisticSchema),
      done: Msg.querySuccess,
      summary: '资金池统计：每个资金池的总额、冻结、已使用、余额（无资金池查看权限时为空）',
    },
    lines: {
      path: 'poolLines',
      method: 'GET',
      signedIn: true,
      query: poolLinesQuery,
      reply: z.array(poolLineSchema),
      done: Msg.querySuccess,
      summary: '资金池余额走势：每个资金池每天的可用余额和已使用金额（默认最近30天）',
    },
  },
});
