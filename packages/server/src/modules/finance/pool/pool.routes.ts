import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  capitalPoolResource,
  idBody,
  Msg,
  POOL_STATUS_ACTIONS,
  poolAdjustBody,
  poolDepositBody,
  PoolLedgerMsg,
  poolLinesQuery,
  PoolMsg,
  PoolPerm,
  poolLogResource,
} from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as pools from './pool.service.ts';
import * as logs from './pool-log.service.ts';
import * as ledger from '../../core/ledger/pool-ledger.service.ts';

const tags = ['资金池'];
const base = capitalPoolResource.basePath;
const STATUS_SUMMARY = { enable: '启用资金池（筹备 → 启用）', pause: '暂停资金池', resume: '恢复资金池（暂停 → 启用）', settle: '结清资金池（无冻结金额时；剩余余额以调整记录核销）' } as const;

/** A request without its own key gets a fresh one: it is then booked once, but a resend books again. */
const opKey = (kind: string, requestKey: string | undefined) => `api:${kind}:${requestKey ?? randomUUID()}`;

export async function poolRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  registerResource(app, deps, capitalPoolResource, {
    tags,
    listResource: pools.poolWhitelist,
    docs: {
      list: { description: '按编号、名称、资金来源、年度、状态、有效期筛选；金额为两位小数的字符串。' },
      add: { description: '新资金池为筹备状态，编号按 pool_code 规则生成；填写的总额记为初始入账。' },
      edit: { description: '只有筹备中的资金池可以修改；总额的变化记为调整。' },
    },
    service: {
      list: pools.listPools,
      byId: pools.poolById,
      add: pools.addPool,
      edit: pools.editPool,
      exportXls: pools.exportPools,
    },
    messages: { added: PoolMsg.added, edited: PoolMsg.edited, deleted: Msg.ok },
  });

  for (const action of POOL_STATUS_ACTIONS) {
    r.put(`${base}/${action}`, { config: { permission: PoolPerm.status }, schema: { tags, summary: STATUS_SUMMARY[action], body: idBody } }, async (request) => {
      const message = await pools.changeStatus(db, request.user!, request.body.id, action);
      return ok(null, message, 200);
    });
  }

  r.post(
    `${base}/deposit`,
    {
      config: { permission: PoolPerm.deposit },
      schema: { tags, summary: '入账', description: '金额为大于0、最多两位小数的字符串；同一 requestKey 重复提交只入账一次，并返回第一次的结果。', body: poolDepositBody },
    },
    async (request) => {
      const { poolId, amount, bizNo, remark, requestKey } = request.body;
      const result = await ledger.deposit(db, request.user, { poolId, amount, bizNo, remark, opKey: opKey('deposit', requestKey) });
      return ok(result, PoolLedgerMsg.deposited, 200);
    },
  );

  r.post(
    `${base}/adjust`,
    {
      config: { permission: PoolPerm.adjust },
      schema: { tags, summary: '调整（可为负数，须填写原因）', description: '调减不能使可用余额小于0；同一 requestKey 重复提交只调整一次。', body: poolAdjustBody },
    },
    async (request) => {
      const { poolId, amount, reason, requestKey } = request.body;
      const result = await ledger.adjust(db, request.user, { poolId, amount, remark: reason, opKey: opKey('adjust', requestKey) });
      return ok(result, PoolLedgerMsg.adjusted, 200);
    },
  );

  r.get(
    `${base}/reconcile`,
    { config: { permission: PoolPerm.reconcile }, schema: { tags, summary: '对账：按日志重算资金池并列出差异', querystring: z.object({ id: z.string().max(36).optional() }) } },
    async (request) => {
      const report = await logs.reconcile(db, request.query.id || undefined);
      return ok(report, report.differences.length ? PoolLedgerMsg.reconcileDiff(report.differences.length) : PoolLedgerMsg.reconciled, 200);
    },
  );

  registerResource(app, deps, poolLogResource, {
    tags: ['资金池日志'],
    listResource: logs.poolLogWhitelist,
    docs: { list: { description: '只能追加：没有修改或删除。按资金池（poolId）、变动类型、时间范围（createTime_begin/_end）、机构、关联业务编号筛选。' } },
    service: { list: logs.listPoolLogs, exportXls: logs.exportPoolLogs },
    messages: { added: Msg.ok, edited: Msg.ok, deleted: Msg.ok },
  });

  r.get(
    '/sys/api/capitalPoolStatisticalList',
    { config: { signedIn: true }, schema: { tags: ['统计'], summary: '资金池统计：每个资金池的总额、冻结、已使用、余额（无资金池查看权限时为空）' } },
    async (request) => ok(await logs.poolStatistics(db, request.user!), Msg.querySuccess, 200),
  );

  r.get(
    '/sys/api/poolLines',
    {
      config: { signedIn: true },
      schema: { tags: ['统计'], summary: '资金池余额走势：每个资金池每天的可用余额和已使用金额（默认最近30天）', querystring: poolLinesQuery },
    },
    async (request) => ok(await logs.poolLines(db, request.user!, request.query), Msg.querySuccess, 200),
  );
}
