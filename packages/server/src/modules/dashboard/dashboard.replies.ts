import { z } from 'zod';
import type { BatchResultRow, MonitorToday, PendingPaymentSummary, RightExpiryStatistics, TaskThroughput } from '@sbwq/contracts';

/** What the 分析页 statistics answer (contracts/dashboard.ts), for their reply schemas. */
export const rightExpiryReply: z.ZodType<RightExpiryStatistics> = z.object({
  today: z.string(),
  expiringSoon: z.number(),
  inGracePeriod: z.number(),
  expired: z.number(),
  authExpired: z.number(),
  months: z.array(z.object({ month: z.string(), count: z.number() })),
});

export const batchResultReply: z.ZodType<BatchResultRow[]> = z.array(
  z.object({ value: z.string(), text: z.string(), batches: z.number(), success: z.number(), failed: z.number(), notInfringing: z.number() }),
);

/** amounts are exact decimal strings (元) */
const money = z.string();

export const pendingPaymentReply: z.ZodType<PendingPaymentSummary> = z.object({ count: z.number(), amount: money });

export const taskThroughputReply: z.ZodType<TaskThroughput> = z.object({
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

export const monitorTodayReply: z.ZodType<MonitorToday> = z.object({
  today: z.string(),
  batchesSubmitted: z.number(),
  claimsSubmitted: z.number(),
  decisions: z.number(),
  payments: z.object({ count: z.number(), amount: money }),
  onlineUsers: z.number(),
});
