import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LogMsg, loginInfoSchema, logResource, Msg, visitDaySchema, visitQueries, type SameType } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './log.service.ts';
import { loginInfo, visitInfo, type LoginInfo, type VisitDay } from './log-stats.service.ts';

const tags = ['系统日志'];

// the declared replies of the stock dashboard's visit figures are what the service answers
true satisfies SameType<z.infer<typeof loginInfoSchema>, LoginInfo> & SameType<z.infer<typeof visitDaySchema>, VisitDay>;

/** 系统日志, and the stock JeecgBoot 2.3 dashboard's visit figures (LoginController loginfo/visitInfo) read from the login log. */
export async function logRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, logResource, {
    tags,
    listResource: service.logWhitelist,
    listExtra: {
      keyWord: z.string().max(100).optional().describe('关键词：日志内容或请求地址包含它'),
      user: z.string().max(100).optional().describe('操作人：账号（userid）或姓名（username）包含它'),
      success: z.enum(['1', '0']).optional().describe('结果：1 成功、0 失败（操作日志）'),
      selections: z.string().max(40_000).optional().describe('只导出这些ID（逗号分隔）'),
    },
    service: service.resource,
    messages: { added: Msg.ok, edited: Msg.ok, deleted: LogMsg.deleted, batchDeleted: LogMsg.batchDeleted, idsRequired: LogMsg.idsRequired },
  });

  registerFlow(app, deps, visitQueries, {
    tags,
    docs: {
      loginInfo: { description: '登录日志（log_type 1）条数：todayVisitCount 今日、totalVisitCount 累计；todayIp 今日不同 IP 数。按北京时间计日。' },
      visitInfo: {
        description:
          '最近 7 天（含今天，北京时间）每天一项，日期升序：visit 登录日志条数、ip 不同 IP 数、tian 日期 YYYY-MM-DD、type 月-日 MM-DD；无记录的日子为 0。',
      },
    },
    handlers: { loginInfo: (c) => loginInfo(c.db), visitInfo: (c) => visitInfo(c.db) },
  });
}
