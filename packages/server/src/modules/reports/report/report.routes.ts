import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DictMsg, Msg, reportFlow, reportResource } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import * as service from './report.service.ts';
import * as data from './report-data.service.ts';
import { addReportMenu } from './report-menu.service.ts';
import { reportMaxCost, reportTimeoutMs } from './report-runner.ts';

const tags = ['Online报表'];

export async function reportRoutes(app: FastifyInstance, deps: AppDeps) {
  // A wrong REPORT_TIMEOUT_MS stops the start with its reason rather than failing the first report.
  reportTimeoutMs();
  reportMaxCost();
  const perUser = {
    max: deps.config.reportRunsPerMinute,
    timeWindow: '1 minute',
    // after the access hook, so the count is the signed-in user's, not a shared address's
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `report:${request.user?.id ?? request.ip}`,
  };
  registerFlow(app, deps, reportFlow, {
    tags,
    docs: {
      parseSql: {
        description: 'SQL 经 PostgreSQL 解析器检查（仅一条 SELECT、函数白名单、敏感表拒绝），在只读事务中带超时执行，返回字段、参数（${名称}）与前 10 行。',
      },
      getData: { description: '查询参数：pageNo、pageSize、column/order（仅报表自身可排序字段）、可查询字段（范围查询为 _begin/_end）、self_<参数名>。' },
    },
    // Each run is a query an administrator wrote (and on the embedded database it runs in this process):
    // one user may not queue them faster than a person clicks.
    rateLimits: { parseSql: perUser, stockParseSql: perUser, getData: perUser, getColumnsAndData: perUser, exportXls: perUser },
    handlers: {
      parseSql: (c, body) => service.parseSql({ db: c.db, config: deps.config, dbSource: body.dbSource?.trim() || null }, c.user, body),
      addMenu: (c, body) => addReportMenu(c.db, c.user, body),
      editAll: (c, body) => service.editReport(c, body).then(() => null),
      getRpColumns: (c, input) => data.rpColumns(deps, c.user, input.code),
      getQueryInfo: (c, input) => data.queryInfo(c.db, c.user, input.id),
      getData: (c, input) => data.reportData(c.db, deps.config, c.user, input.id, input),
      exportXls: (c, input) => data.exportReport(deps, c.user, input.id, input),
      // the stock screens' calls: the same checks (report-sql.ts, run access) as ours
      stockParseSql: (c, q) => service.stockParseSql({ db: c.db, config: deps.config, dbSource: q.dbKey?.trim() || null }, c.user, q),
      itemList: (c, q) => service.itemsOf(c.db, q.headId),
      paramList: (c, q) => service.paramsOf(c.db, q.headId),
      getParamsInfo: (c, input) => data.paramsInfo(c.db, c.user, input.id),
      getColumnsAndData: (c, input) => data.columnsAndData(deps, c.user, input.id, input),
      dataSourceOptions: (c) => service.dataSourceOptions(c.db),
      cgformColumns: (c, input) => data.cgformColumns(deps, c.user, input.code),
      cgformData: (c, input) => data.cgformData(c.db, c.user, input.code, input),
    },
  });

  registerResource(app, deps, reportResource, {
    tags,
    listResource: service.reportWhitelist,
    service: service.resource,
    messages: { added: '添加成功！', edited: '编辑成功!', deleted: '删除成功!', idsRequired: DictMsg.idsRequired, queriedById: Msg.ok },
  });
}
