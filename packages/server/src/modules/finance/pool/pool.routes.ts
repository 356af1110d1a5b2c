import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { capitalPoolResource, Msg, poolFlow, PoolLedgerMsg, poolLogResource, PoolMsg, poolQueries, type PoolStatusAction } from '@sbwq/contracts';
import { answer, registerFlow, type FlowCtx } from '../../../platform/flow/flow-routes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as pools from './pool.service.ts';
import * as logs from './pool-log.service.ts';
import * as ledger from '../../core/ledger/pool-ledger.service.ts';

const tags = ['资金池'];

/** A request without its own key gets a fresh one: it is then booked once, but a resend books again. */
const opKey = (kind: string, requestKey: string | undefined) => `api:${kind}:${requestKey ?? randomUUID()}`;

export async function poolRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, capitalPoolResource, {
    tags,
    listResource: pools.poolWhitelist,
    service: pools.resource,
    messages: { added: PoolMsg.added, edited: PoolMsg.edited, deleted: Msg.ok },
  });

  const status = (action: PoolStatusAction) => (c: FlowCtx, body: { id: string }) => pools.changeStatus(c.db, c.user, body.id, action).then(() => null);
  registerFlow(app, deps, poolFlow, {
    tags,
    handlers: {
      deposit: (c, { poolId, amount, bizNo, remark, requestKey }) =>
        ledger.deposit(c.db, c.user, { poolId, amount, bizNo, remark, opKey: opKey('deposit', requestKey) }),
      adjust: (c, { poolId, amount, reason, requestKey }) =>
        ledger.adjust(c.db, c.user, { poolId, amount, remark: reason, opKey: opKey('adjust', requestKey) }),
      enable: status('enable'),
      pause: status('pause'),
      resume: status('resume'),
      settle: status('settle'),
      reconcile: async (c, query) => {
        const report = await logs.reconcile(c.db, query.id || undefined);
        return answer(report, report.differences.length ? PoolLedgerMsg.reconcileDiff(report.differences.length) : PoolLedgerMsg.reconciled);
      },
    },
    docs: {
      deposit: { description: '金额为大于0、最多两位小数的字符串；同一 requestKey 重复提交只入账一次，并返回第一次的结果。' },
      adjust: { description: '调减不能使可用余额小于0；同一 requestKey 重复提交只调整一次。' },
    },
  });

  registerResource(app, deps, poolLogResource, {
    tags: ['资金池日志'],
    listResource: logs.poolLogWhitelist,
    service: logs.resource,
    messages: { added: Msg.ok, edited: Msg.ok, deleted: Msg.ok },
  });

  registerFlow(app, deps, poolQueries, {
    tags: ['统计'],
    handlers: {
      statistics: (c) => logs.poolStatistics(c.db, c.user),
      lines: (c, query) => logs.poolLines(c.db, c.user, query),
    },
  });
}
