import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BATCH_RESULT_GROUPS, BATCH_RESULT_STATISTICS_PATH, BatchPerm, Msg, RIGHT_EXPIRY_STATISTICS_PATH, RightPerm } from '@sbwq/contracts';
import { ok } from '../../platform/http/envelope.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { batchResultStatistics, rightExpiryStatistics } from './dashboard.service.ts';

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

  r.get(
    BATCH_RESULT_STATISTICS_PATH,
    {
      config: { permission: BatchPerm.list },
      schema: {
        tags: ['统计'],
        summary: '已结案线索批次的维权结果（按维权方式或侵权平台）',
        description: '按线索批次列表的可见范围统计已结案批次：每个维权方式（by=rightsMethod）或侵权平台（by=platform）的批次数，以及明细判定为成功、失败、不构成侵权的条数。',
        querystring: z.object({ by: z.enum(BATCH_RESULT_GROUPS, { error: '统计维度只能是 rightsMethod 或 platform' }) }),
      },
    },
    async (request) => ok(await batchResultStatistics(db, deps.dicts, request.user!, request.query.by), Msg.querySuccess, 200),
  );
}
