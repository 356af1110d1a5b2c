import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { agencyQueries, claimFlow, ClaimMsg, claimRecordSchema, claimResource, ClaimStatus, Msg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { pingMonitor } from '../../../platform/socket/monitor-ping.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { answer, registerFlow, type FlowCtx } from '../../../platform/flow/flow-routes.ts';
import { fromStates } from '../../../platform/flow/flow-guard.ts';
import * as service from './claim.service.ts';
import * as flow from './claim-flow.service.ts';
import * as payment from './claim-payment.service.ts';
import * as progress from './claim-progress.service.ts';
import { finClaim } from '../../core/tables/claim.table.ts';

const tags = ['报销管理'];
const payTags = ['付款管理'];

/** 报销单 and 付款 (DOMAIN.md claim flow; spec §1 finance records and progress, §7 机构申请排行). */
export async function claimRoutes(app: FastifyInstance, deps: AppDeps) {
  const { sockets } = deps;

  registerResource(app, deps, claimResource, {
    tags,
    replies: { add: claimRecordSchema, edit: claimRecordSchema },
    listResource: service.claimWhitelist,
    service: service.resource,
    messages: { added: ClaimMsg.added, edited: ClaimMsg.edited, deleted: ClaimMsg.deleted, queried: Msg.ok },
  });

  const reviewDoc =
    '通过时核定金额（默认为已核定金额或申请金额减扣减项）不能大于申请金额减扣减项、批次尚可报销的冻结金额和资金池单机构上限；驳回或退回补充发票须填写意见；不能审核自己提交的报销单。';
  const claimOf = (c: FlowCtx, id: string) => service.claimById(c, id);
  registerFlow(app, deps, claimFlow, {
    tags,
    docs: {
      bizReview: { description: reviewDoc },
      financeReview: { description: reviewDoc },
      paymentList: { tags: payTags },
      paymentRecords: { tags: payTags },
      payFailed: { tags: payTags },
      payRunExport: { tags: payTags },
      pay: {
        tags: payTags,
        description: '从批次冻结金额中扣减核定金额并写资金池日志；付款流水号唯一，多张时为「流水号-序号」；以同一流水号重试已付款的报销单不会重复扣减。',
      },
    },
    // 付款管理's query is the claims' whitelist, which only the server holds
    queries: { paymentList: listQuerySchema(service.claimWhitelist) },
    handlers: {
      submit: async (c, body) => {
        await flow.submitClaim(c.db, c.user, body.id);
        pingMonitor(sockets);
        return claimOf(c, body.id);
      },
      bizReview: async (c, body) => {
        const message = await flow.bizReview(c.db, sockets, c.user, body);
        return answer(await claimOf(c, body.id), message);
      },
      financeReview: async (c, body) => {
        const message = await flow.financeReview(c.db, sockets, c.user, body);
        return answer(await claimOf(c, body.id), message);
      },
      pay: async (c, body) => {
        const ids = await payment.payClaims(c.db, sockets, c.user, body);
        pingMonitor(sockets);
        const records = await Promise.all(ids.map((id) => claimOf(c, id)));
        return answer(records, ids.length > 1 ? ClaimMsg.paidBatch(ids.length) : ClaimMsg.paid);
      },
      payFailed: async (c, body) => {
        await payment.payFailed(c.db, sockets, c.user, body);
        return claimOf(c, body.id);
      },
      progress: (c, query) => progress.claimProgress(c.db, c.user, query.id),
      batchSummary: (c, query) => progress.batchSummary(c.db, c.user, query.batchId),
      batchOptions: (c) => progress.batchOptions(c.db, c.user),
      bankOptions: (c) => progress.bankOptions(c.db, c.user),
      paymentList: (c, query) => {
        const extra = query.status ? [] : [inArray(finClaim.status, [...fromStates(claimFlow, 'pay'), ClaimStatus.paid])];
        return service.listClaims(c, query, extra, service.paymentQueueOrder());
      },
      paymentRecords: (c, query) => payment.paymentRecords(c.db, c.user, query.claimId),
      payRunExport: (c, query) => payment.exportPayRun(c.db, splitIds(query.ids)),
    },
  });

  registerFlow(app, deps, agencyQueries, {
    tags: ['统计'],
    handlers: { ranking: (c, body) => progress.agencyApplyStatistics(c.db, c.user, body) },
  });
}
