import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { batchFlow, batchIdQuery, BatchMsg, batchResource, batchStatsQueries, Msg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { pingMonitor } from '../../../platform/socket/monitor-ping.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { answer, registerFlow, uploadedXlsx } from '../../../platform/flow/flow-routes.ts';
import * as service from './batch.service.ts';
import { visibleBatch } from '../../core/tables/batch-scope.ts';
import * as flow from './batch-flow.service.ts';
import * as items from './batch-items.service.ts';
import * as progress from './batch-progress.service.ts';
import * as stats from './batch-stats.service.ts';
import { importItems, itemTemplate } from './batch-import.ts';
import { listLogs } from './batch-log.ts';
import { poolOptions, usableRights } from './batch-options.service.ts';

const tags = ['线索批次'];

/** 线索批次 (DOMAIN.md clue batch): the resource, its flow, items, progress, log and spec §7 statistics. */
export async function batchRoutes(app: FastifyInstance, deps: AppDeps) {
  const { dicts, sockets } = deps;

  registerResource(app, deps, batchResource, {
    tags,
    listResource: service.batchWhitelist,
    listExtra: {
      rightId: z.string().max(36).optional().describe('只取涉及该权利的批次'),
      selections: z.string().max(40_000).optional().describe('只取这些ID（逗号分隔；导出选中的记录）'),
    },
    service: service.resource,
    messages: { added: BatchMsg.added, edited: BatchMsg.edited, deleted: BatchMsg.deleted, queried: Msg.ok },
  });

  registerFlow(app, deps, batchFlow, {
    tags,
    docs: {
      review: {
        description:
          '待审核为初审，待复审为复审；申请金额超过复审阈值时初审通过转复审，否则转待维权并在资金池冻结核定金额（默认等于申请金额）。驳回、退回须填写意见；复审须由初审以外的审核人完成。',
      },
    },
    // the item list's query is the whitelist's, which only the server holds
    queries: { itemList: listQuerySchema(items.itemWhitelist, batchIdQuery.shape) },
    handlers: {
      submit: async (c, body) => {
        await flow.submitBatch(c.db, c.user, body.id);
        pingMonitor(sockets);
        return null;
      },
      withdraw: async (c, body) => {
        await flow.withdrawBatch(c.db, sockets, c.user, body.id, body.reason);
        pingMonitor(sockets);
        return null;
      },
      review: async (c, body) => answer(null, await flow.reviewBatch(c.db, sockets, c.user, body)),
      startEnforce: async (c, body) => flow.startEnforce(c.db, c.user, body.id).then(() => null),
      applyClosure: async (c, body) => flow.applyClosure(c.db, c.user, body).then(() => null),
      closureReview: async (c, body) => answer(null, await flow.reviewClosure(c.db, sockets, c.user, body)),
      progressAdd: (c, body) => progress.addProgress(c.db, c.user, body),
      itemList: (c, query) => items.listItems(c.db, dicts, c.user, String(query.batchId), query),
      itemSave: async (c, body) => {
        await items.saveItems(c.db, c.user, body);
        return service.batchById(c, body.batchId);
      },
      itemImport: async (c, query) => {
        const result = await importItems(c.db, c.user, query.batchId, await uploadedXlsx(c.request));
        return result.errors.length ? answer(result, BatchMsg.importFailed(result.errors.length), 201) : answer(result, BatchMsg.imported(result.imported));
      },
      itemTemplate: () => itemTemplate(),
      progressList: (c, query) => progress.listProgress(c.db, dicts, c.user, query.batchId),
      logList: async (c, query) => {
        await visibleBatch(c.db, c.user, query.batchId);
        return listLogs(c.db, query.batchId);
      },
      usableRights: (c) => usableRights(c.db, c.user),
      pools: (c) => poolOptions(c.db, c.user),
    },
  });

  registerFlow(app, deps, batchStatsQueries, {
    tags: ['统计'],
    handlers: {
      applyNum: (c) => stats.batchCount(c.db, c.user, 'apply'),
      applyPassNum: (c) => stats.batchCount(c.db, c.user, 'pass'),
      monthApplyNum: (c) => stats.monthlyCounts(c.db, c.user, 'apply'),
      monthApplyPassNum: (c) => stats.monthlyCounts(c.db, c.user, 'pass'),
    },
  });
}
