import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Msg, RIGHT_EXPIRY_STATISTICS_PATH, RightPerm } from '@sbwq/contracts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { rightExpiryStatistics } from './dashboard.service.ts';

/** 分析页 statistics of its own (the pool ones live with the pools, modules/finance/pool). */
export async function dashboardRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    RIGHT_EXPIRY_STATISTICS_PATH,
    {
      config: { permission: RightPerm.list },
      schema: {
        tags: ['统计'],
        summary: '受保护权利到期统计',
        description:
          '按受保护权利列表的可见范围（协会工作人员：全部已提交的；机构用户：本机构的）统计即将到期（12个月内）、宽展期、已过期、授权过期的记录数，以及即将到期的按到期月份分布（months：从本月起，每月一项）。各数与列表按 expiryFlag 筛选的总数相同。',
      },
    },
    async (request) => ok(await rightExpiryStatistics(db, request.user!), Msg.querySuccess, 200),
  );
}
