import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { idBody } from '../rights/common.ts';
import { moneyText } from './money.ts';
import { ledgerResultSchema, PoolLedgerMsg } from './pool-log.ts';
import {
  capitalPoolResource,
  poolAdjustBody,
  poolDepositBody,
  poolEditBody,
  PoolMsg,
  PoolPerm,
  poolReconcileReportSchema,
  PoolStatus,
  type PoolRecord,
  type PoolStatusValue,
} from './pool.ts';

/**
 * Money moves while 筹备 or 启用. The ledger's own statement (`fin_capital_pool_book`) refuses the others
 * under the pool lock, each state in its own words (已暂停 / 已结清), so the rule here only offers the
 * buttons.
 */
const funded = (p: PoolRecord) => p.status === PoolStatus.preparing || p.status === PoolStatus.active;

/**
 * DOMAIN.md capital pool flow, once for both sides: 筹备 → 启用 ⇄ 暂停; 启用/暂停 → 已结清. Settings change
 * only while 筹备; 入账 and 调整 book through the ledger; 对账 recomputes every pool from its log. The
 * order is the order of the buttons.
 */
export const poolFlow = defineFlow<PoolRecord, PoolStatusValue>()({
  basePath: capitalPoolResource.basePath,
  stateField: 'status',
  initial: PoolStatus.preparing,
  actions: {
    edit: {
      standard: 'edit',
      path: 'edit',
      method: 'PUT',
      permission: PoolPerm.edit,
      body: poolEditBody,
      reply: z.null(),
      from: [PoolStatus.preparing],
      refusal: PoolMsg.notEditable,
      who: 'staff',
      label: '编辑',
      inline: true,
    },
    deposit: {
      path: 'deposit',
      permission: PoolPerm.deposit,
      body: poolDepositBody,
      reply: ledgerResultSchema,
      done: PoolLedgerMsg.deposited,
      summary: '入账',
      who: 'staff',
      label: '入账',
      inline: true,
      offered: funded,
    },
    adjust: {
      path: 'adjust',
      permission: PoolPerm.adjust,
      body: poolAdjustBody,
      reply: ledgerResultSchema,
      done: PoolLedgerMsg.adjusted,
      summary: '调整（可为负数，须填写原因）',
      who: 'staff',
      label: '调整',
      offered: funded,
    },
    enable: {
      path: 'enable',
      method: 'PUT',
      permission: PoolPerm.status,
      body: idBody,
      reply: z.null(),
      done: PoolMsg.enabled,
      summary: '启用资金池（筹备 → 启用）',
      from: [PoolStatus.preparing],
      to: PoolStatus.active,
      refusal: PoolMsg.notPreparing,
      who: 'staff',
      label: '启用',
      confirm: (p) => `确定启用「${p.poolName}」吗？启用后不能再修改设置和总额。`,
    },
    pause: {
      path: 'pause',
      method: 'PUT',
      permission: PoolPerm.status,
      body: idBody,
      reply: z.null(),
      done: PoolMsg.paused,
      summary: '暂停资金池',
      from: [PoolStatus.active],
      to: PoolStatus.paused,
      refusal: PoolMsg.notActive,
      who: 'staff',
      label: '暂停',
      confirm: (p) => `确定暂停「${p.poolName}」吗？暂停期间不能操作资金。`,
    },
    resume: {
      path: 'resume',
      method: 'PUT',
      permission: PoolPerm.status,
      body: idBody,
      reply: z.null(),
      done: PoolMsg.resumed,
      summary: '恢复资金池（暂停 → 启用）',
      from: [PoolStatus.paused],
      to: PoolStatus.active,
      refusal: PoolMsg.notPaused,
      who: 'staff',
      label: '恢复',
      confirm: (p) => `确定恢复「${p.poolName}」吗？`,
    },
    settle: {
      path: 'settle',
      method: 'PUT',
      permission: PoolPerm.status,
      body: idBody,
      reply: z.null(),
      done: PoolMsg.settled,
      summary: '结清资金池（无冻结金额时；剩余余额以调整记录核销）',
      from: [PoolStatus.active, PoolStatus.paused],
      to: PoolStatus.settled,
      refusal: PoolMsg.notSettleable,
      who: 'staff',
      label: '结清',
      tone: 'danger',
      confirm: (p) => `确定结清「${p.poolName}」吗？剩余可用余额 ${moneyText(p.balanceAmount)} 元将以调整记录核销，结清后不能再操作资金。`,
    },
    reconcile: {
      path: 'reconcile',
      method: 'GET',
      permission: PoolPerm.reconcile,
      query: z.object({ id: z.string().max(36).optional() }),
      reply: poolReconcileReportSchema,
      summary: '对账：按日志重算资金池并列出差异',
    },
  },
});

/** The status actions, each one step of the pool's state machine. */
export const POOL_STATUS_ACTIONS = ['enable', 'pause', 'resume', 'settle'] as const satisfies readonly (keyof typeof poolFlow.actions)[];
export type PoolStatusAction = (typeof POOL_STATUS_ACTIONS)[number];
