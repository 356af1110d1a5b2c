import type { FastifyInstance } from 'fastify';
import { dashboardQueries } from '@sbwq/contracts';
import type { AppDeps } from '../../platform/deps.ts';
import { registerFlow } from '../../platform/flow/flow-routes.ts';
import { batchResultStatistics, pendingPaymentSummary, rightExpiryStatistics } from './dashboard.service.ts';
import { monitorToday, taskThroughput } from './task-monitor.service.ts';

/** 分析页 statistics of its own (the pool ones live with the pools, modules/finance/pool), declared in contracts as queries. */
export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, dashboardQueries, {
    tags: ['统计'],
    docs: {
      rightExpiry: {
        description:
          '按受保护权利列表的可见范围（协会工作人员：全部已提交的；机构用户：本机构的）统计即将到期（12个月内）、宽展期、已过期、授权过期的记录数，以及即将到期的按到期月份分布（months：从本月起，每月一项）。各数与列表按 expiryFlag 筛选的总数相同。',
      },
      batchResults: {
        description:
          '按线索批次列表的可见范围统计已结案批次：每个维权方式（by=rightsMethod）或侵权平台（by=platform）的批次数，以及明细判定为成功、失败、不构成侵权的条数。',
      },
      pendingPayment: { description: '付款队列中的报销单（待付款、付款失败）的条数及核定金额合计（元，两位小数）。' },
      taskThroughput: {
        description:
          '日期范围内（北京时间，含首尾两天，最长366天）每天的审批记录数（通过、驳回或退回），以及该范围内提交的线索批次按初审人统计的批次数、从提交到审核通过与到结案的平均天数（一位小数）。',
      },
      monitorToday: { description: '今天（北京时间）提交的线索批次数、报销单数，审批记录数，已付款笔数与金额，以及最近5分钟内有访问的在线用户数。' },
    },
    handlers: {
      rightExpiry: (c) => rightExpiryStatistics(c.db, c.user),
      batchResults: (c, query) => batchResultStatistics(c.db, deps.dicts, c.user, query.by),
      pendingPayment: (c) => pendingPaymentSummary(c.db),
      taskThroughput: (c, query) => taskThroughput(c.db, { start: query.startDate, end: query.endDate }),
      monitorToday: (c) => monitorToday(c.db),
    },
  });
}
