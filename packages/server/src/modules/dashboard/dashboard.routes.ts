import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApprovalPerm, BATCH_RESULT_GROUPS, dateField, BATCH_RESULT_STATISTICS_PATH, BatchPerm, Msg, PaymentPerm, PENDING_PAYMENT_SUMMARY_PATH, RIGHT_EXPIRY_STATISTICS_PATH, RightPerm, MONITOR_TODAY_PATH, TASK_THROUGHPUT_PATH } from '@sbwq/contracts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { envelopeSchema } from '../../platform/http/reply-schema.ts';
import { batchResultReply, monitorTodayReply, pendingPaymentReply, rightExpiryReply, taskThroughputReply } from './dashboard.replies.ts';
import { batchResultStatistics, pendingPaymentSummary, rightExpiryStatistics } from './dashboard.service.ts';
import { monitorToday, taskThroughput } from './task-monitor.service.ts';

/** 分析页 statistics of its own (the pool ones live with the pools, modules/finance/pool). */
export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    RIGHT_EXPIRY_STATISTICS_PATH,
    {
      config: { permission: RightPerm.list, special: 'statistics' },
      schema: {
        tags: ['统计'],
        summary: '受保护权利到期统计',
        description:
          '按受保护权利列表的可见范围（协会工作人员：全部已提交的；机构用户：本机构的）统计即将到期（12个月内）、宽展期、已过期、授权过期的记录数，以及即将到期的按到期月份分布（months：从本月起，每月一项）。各数与列表按 expiryFlag 筛选的总数相同。',
        response: { 200: envelopeSchema(rightExpiryReply) },
      },
    },
    async (request) => ok(await rightExpiryStatistics(db, request.user!), Msg.querySuccess, 200),
  );

  r.get(
    BATCH_RESULT_STATISTICS_PATH,
    {
      config: { permission: BatchPerm.list, special: 'statistics' },
      schema: {
        tags: ['统计'],
        summary: '已结案线索批次的维权结果（按维权方式或侵权平台）',
        description: '按线索批次列表的可见范围统计已结案批次：每个维权方式（by=rightsMethod）或侵权平台（by=platform）的批次数，以及明细判定为成功、失败、不构成侵权的条数。',
        querystring: z.object({ by: z.enum(BATCH_RESULT_GROUPS, { error: '统计维度只能是 rightsMethod 或 platform' }) }),
        response: { 200: envelopeSchema(batchResultReply) },
      },
    },
    async (request) => ok(await batchResultStatistics(db, deps.dicts, request.user!, request.query.by), Msg.querySuccess, 200),
  );

  r.get(
    PENDING_PAYMENT_SUMMARY_PATH,
    {
      config: { permission: PaymentPerm.list, special: 'statistics' },
      schema: { tags: ['统计'], summary: '待付款的报销单数与核定金额合计', description: '付款队列中的报销单（待付款、付款失败）的条数及核定金额合计（元，两位小数）。', response: { 200: envelopeSchema(pendingPaymentReply) } },
    },
    async () => ok(await pendingPaymentSummary(db), Msg.querySuccess, 200),
  );

  r.get(
    TASK_THROUGHPUT_PATH,
    {
      config: { permission: ApprovalPerm.todo, special: 'statistics' },
      schema: {
        tags: ['统计'],
        summary: '任务处理量与处理时长',
        description: '日期范围内（北京时间，含首尾两天，最长366天）每天的审批记录数（通过、驳回或退回），以及该范围内提交的线索批次按初审人统计的批次数、从提交到审核通过与到结案的平均天数（一位小数）。',
        querystring: z
          .object({ startDate: dateField('开始日期'), endDate: dateField('结束日期') })
          .refine((q) => q.startDate <= q.endDate, '开始日期不能晚于结束日期')
          .refine((q) => Date.parse(q.endDate) - Date.parse(q.startDate) <= 365 * 86_400_000, '日期范围不能超过一年'),
        response: { 200: envelopeSchema(taskThroughputReply) },
      },
    },
    async (request) => ok(await taskThroughput(db, { start: request.query.startDate, end: request.query.endDate }), Msg.querySuccess, 200),
  );

  r.get(
    MONITOR_TODAY_PATH,
    {
      config: { permission: ApprovalPerm.todo, special: 'statistics' },
      schema: { tags: ['统计'], summary: '今日业务监控', description: '今天（北京时间）提交的线索批次数、报销单数，审批记录数，已付款笔数与金额，以及最近5分钟内有访问的在线用户数。', response: { 200: envelopeSchema(monitorTodayReply) } },
    },
    async () => ok(await monitorToday(db), Msg.querySuccess, 200),
  );
}
