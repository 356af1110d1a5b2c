import { z } from 'zod';
import { ApprovalPerm } from './rights/approval.ts';
import { BatchPerm } from './rights/batch.ts';
import { dateField } from './rights/common.ts';
import { RightPerm } from './rights/right.ts';
import { PaymentPerm } from './finance/claim.ts';
import { defineFlow } from './flow.ts';
import { Msg } from './messages.ts';

/**
 * 分析页 statistics answered by the dashboard's own routes (spec §7 Statistics lists the JeecgBoot ones;
 * these add what the rights records already hold).
 */

/** Marks whose 专用权期限 ends within the next 12 months, by month, and the records under each derived flag. */
export type RightExpiryStatistics = {
  /** China date the flags were computed on */
  today: string;
  expiringSoon: number;
  inGracePeriod: number;
  expired: number;
  authExpired: number;
  /** this calendar month to the one 12 months on (13 entries), every month present (count 0 when none) */
  months: { month: string; count: number }[];
};

export const RIGHT_EXPIRY_STATISTICS_PATH = '/sys/api/rightExpiryStatistics';

/** 维权结果 of closed batches grouped by one of their fields (DOMAIN dashboard: results by 维权方式 and 侵权平台). */
export const BATCH_RESULT_GROUPS = ['rightsMethod', 'platform'] as const;
export type BatchResultGroup = (typeof BATCH_RESULT_GROUPS)[number];
export type BatchResultRow = {
  /** the dictionary value of 维权方式 / 侵权平台, and its text */
  value: string;
  text: string;
  /** closed batches, and their items judged 成功 / 失败 / 不构成侵权 */
  batches: number;
  success: number;
  failed: number;
  notInfringing: number;
};
export const BATCH_RESULT_STATISTICS_PATH = '/sys/api/batchResultStatistics';

/** 待付款: claims approved and waiting for payment (待付款 and 付款失败, both in the payment queue), and their 核定金额. */
export type PendingPaymentSummary = { count: number; amount: string };
export const PENDING_PAYMENT_SUMMARY_PATH = '/sys/api/pendingPaymentSummary';

/**
 * 任务/图表 (spec §2 view group dashboard: task/chart index): how much work the staff handled per China
 * day of the range (approval records, every business type), and per 初审人 how long the batches submitted
 * in the range took from 提交 to 审核通过 and to 结案 (days, one decimal; null when none got there).
 */
export type TaskThroughput = {
  days: { date: string; decisions: number; approved: number; rejected: number }[];
  reviewers: {
    reviewerId: string;
    reviewerName: string;
    batches: number;
    approvedBatches: number;
    avgDaysToApprove: number | null;
    closedBatches: number;
    avgDaysToClose: number | null;
  }[];
};
export const TASK_THROUGHPUT_PATH = '/sys/api/taskThroughput';

/** 监控 (spec §2 view group dashboard: monitor): today's (China date) activity and who is signed in now. */
export type MonitorToday = {
  today: string;
  batchesSubmitted: number;
  claimsSubmitted: number;
  decisions: number;
  /** claims 已付款 whose 付款日期 is today (what 付款管理 lists for 已付款 on that 付款日期), and their 核定金额 (元, two decimals) */
  payments: { count: number; amount: string };
  /** distinct users whose session was used in the last ONLINE_WINDOW_MINUTES minutes */
  onlineUsers: number;
};
export const MONITOR_TODAY_PATH = '/sys/api/monitorToday';
export const ONLINE_WINDOW_MINUTES = 5;
/** the monitor re-reads its figures this often (users online change without any event); a monitor ping or a notice re-reads at once */
export const MONITOR_REFRESH_MS = 30_000;

/** amounts are exact decimal strings (元) */
const money = z.string();

const rightExpiryReply: z.ZodType<RightExpiryStatistics> = z.object({
  today: z.string(),
  expiringSoon: z.number(),
  inGracePeriod: z.number(),
  expired: z.number(),
  authExpired: z.number(),
  months: z.array(z.object({ month: z.string(), count: z.number() })),
});

const batchResultReply: z.ZodType<BatchResultRow[]> = z.array(
  z.object({ value: z.string(), text: z.string(), batches: z.number(), success: z.number(), failed: z.number(), notInfringing: z.number() }),
);

const taskThroughputReply: z.ZodType<TaskThroughput> = z.object({
  days: z.array(z.object({ date: z.string(), decisions: z.number(), approved: z.number(), rejected: z.number() })),
  reviewers: z.array(
    z.object({
      reviewerId: z.string(),
      reviewerName: z.string(),
      batches: z.number(),
      approvedBatches: z.number(),
      avgDaysToApprove: z.number().nullable(),
      closedBatches: z.number(),
      avgDaysToClose: z.number().nullable(),
    }),
  ),
});

const monitorTodayReply: z.ZodType<MonitorToday> = z.object({
  today: z.string(),
  batchesSubmitted: z.number(),
  claimsSubmitted: z.number(),
  decisions: z.number(),
  payments: z.object({ count: z.number(), amount: money }),
  onlineUsers: z.number(),
});

export const taskThroughputQuery = z
  .object({ startDate: dateField('开始日期'), endDate: dateField('结束日期') })
  .refine((q) => q.startDate <= q.endDate, '开始日期不能晚于结束日期')
  .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= 365 * 86_400_000, '日期范围不能超过一年');

/**
 * The dashboard's statistics, declared as queries the way a flow declares its actions (issue 37): each
 * with its path, access and reply, so the server registers them with `registerFlow` and the web calls
 * them through `flowApi` — neither restates a path, a code or an answer's type.
 */
export const dashboardQueries = defineFlow()({
  basePath: '/sys/api',
  actions: {
    rightExpiry: {
      path: RIGHT_EXPIRY_STATISTICS_PATH,
      method: 'GET',
      permission: RightPerm.list,
      reply: rightExpiryReply,
      done: Msg.querySuccess,
      summary: '受保护权利到期统计',
    },
    batchResults: {
      path: BATCH_RESULT_STATISTICS_PATH,
      method: 'GET',
      permission: BatchPerm.list,
      query: z.object({ by: z.enum(BATCH_RESULT_GROUPS, { error: '统计维度只能是 rightsMethod 或 platform' }) }),
      reply: batchResultReply,
      done: Msg.querySuccess,
      summary: '已结案线索批次的维权结果（按维权方式或侵权平台）',
    },
    pendingPayment: {
      path: PENDING_PAYMENT_SUMMARY_PATH,
      method: 'GET',
      permission: PaymentPerm.list,
      reply: z.object({ count: z.number(), amount: money }) satisfies z.ZodType<PendingPaymentSummary>,
      done: Msg.querySuccess,
      summary: '待付款的报销单数与核定金额合计',
    },
    taskThroughput: {
      path: TASK_THROUGHPUT_PATH,
      method: 'GET',
      permission: ApprovalPerm.todo,
      query: taskThroughputQuery,
      reply: taskThroughputReply,
      done: Msg.querySuccess,
      summary: '任务处理量与处理时长',
    },
    monitorToday: {
      path: MONITOR_TODAY_PATH,
      method: 'GET',
      permission: ApprovalPerm.todo,
      reply: monitorTodayReply,
      done: Msg.querySuccess,
      summary: '今日业务监控',
    },
  },
});
