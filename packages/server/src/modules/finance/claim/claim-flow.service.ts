import { eq } from 'drizzle-orm';
import {
  claimFlow,
  ClaimMsg,
  ClaimNotice,
  fromCents,
  moneyText,
  toCents,
  type ClaimReviewBody,
  type FlowActionKey,
  type ClaimReviewStage,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { transition } from '../../../platform/flow/transition.ts';
import { decide } from '../../core/approval/decide.ts';
import { requireReadyOrg } from '../../core/org/org-context.ts';
import { checkApproved, claimableBatch, lockBatch, usableBankAccount } from './claim-rules.ts';
import { reviewNotice } from './claim-notice.ts';
import { CLAIM_PAGE, claimStore, lockOwnClaim, who, writeClaimLog } from './claim.service.ts';
import { finClaim, type ClaimRow } from '../../core/tables/claim.table.ts';

const RESULT_TEXT = { pass: '通过', reject: '驳回', returned: '退回补充发票' } as const;

/** 提交: 待提交 | 退回补充发票 → 待业务审核; the batch and the account are checked again as they stand now. */
export async function submitClaim(db: Db, user: SessionUser, id: string): Promise<void> {
  const org = await requireReadyOrg(db, user);
  await db.transaction(async (t) => {
    const row = await lockOwnClaim(t, org, id);
    const now = new Date();
    const patch = { submitBy: user.id, submitTime: now, approvedAmount: null, auditOpinion: null, bizReviewerId: null };
    await transition(t, claimStore, claimFlow, 'submit', row, user, patch, {
      org,
      now,
      check: async () => {
        await claimableBatch(t, org.id, row.batchId);
        await usableBankAccount(t, org.id, row.bankAccountId);
      },
    });
    await writeClaimLog(t, user, id, '提交', null, `申请金额 ${moneyText(row.applyAmount)} 元，扣减项 ${moneyText(row.deductions)} 元`, now);
  });
}

/** A review step: its action in `claimFlow` (the state it decides, where each outcome leads, its refusal, its approval node). */
type Stage = { key: Extract<FlowActionKey<typeof claimFlow>, 'bizReview' | 'financeReview'>; action: ClaimReviewStage };
const BIZ: Stage = { key: 'bizReview', action: '业务审核' };
const FINANCE: Stage = { key: 'financeReview', action: '财务审核' };

/**
 * One review step through `decide()`: the status change, the approval record and the submitter's
 * message (what this step decided and what comes next, `reviewNotice`) in one transaction. On a pass
 * the 核定金额 (given, else the one set before, else 申请金额 − 扣减项) is checked against its limits with
 * the batch row locked, so two approvals of one batch queue and cannot promise the same frozen money twice.
 */
async function review(db: Db, sockets: SocketHub, user: SessionUser, body: ClaimReviewBody, stage: Stage): Promise<string> {
  const pass = body.result === 'pass';
  const approvedOf = (row: ClaimRow) =>
    pass ? (body.approvedAmount ?? row.approvedAmount ?? fromCents(toCents(row.applyAmount) - toCents(row.deductions))) : row.approvedAmount;
  await decide(db, sockets, user, body, {
    flow: claimFlow,
    action: stage.key,
    store: claimStore,
    find: async () => (await db.select().from(finClaim).where(eq(finClaim.id, body.id)))[0],
    submitterOf: (row) => row.submitBy,
    patch: (row, now) => ({
      approvedAmount: approvedOf(row),
      auditOpinion: body.opinion,
      ...(stage === BIZ ? { bizReviewerId: user.id, bizReviewBy: who(user), bizReviewTime: now } : { financeReviewBy: who(user), financeReviewTime: now }),
    }),
    check: async (t, row) => {
      if (!pass) return;
      await lockBatch(t, row.batchId);
      await checkApproved(t, row, approvedOf(row)!);
      if (stage === FINANCE) await usableBankAccount(t, row.orgId, row.bankAccountId);
    },
    andThen: async (t, row, now) => {
      const amount = body.result === 'pass' ? ClaimNotice.amounts(row) : null;
      await writeClaimLog(
        t,
        user,
        row.id,
        stage.action,
        RESULT_TEXT[body.result],
        [amount, body.opinion && `意见：${body.opinion}`].filter(Boolean).join('；') || null,
        now,
      );
      return row;
    },
    approval: (row) => ({ bizTitle: `${row.claimNo} ${row.orgName}`, orgId: row.orgId, sysOrgCode: row.sysOrgCode }),
    page: () => CLAIM_PAGE,
    notice: async (row, t, standard) => reviewNotice(t, user, row, { stage: stage.action, result: body.result, opinion: body.opinion }, await standard()),
  });
  if (body.result === 'reject') return ClaimMsg.rejected;
  if (body.result === 'returned') return ClaimMsg.returned;
  return stage === BIZ ? ClaimMsg.toFinance : ClaimMsg.toPay;
}

/** 业务审核 (reviewer): 待业务审核 → 待财务审核 | 已驳回 | 退回补充发票. */
export const bizReview = (db: Db, sockets: SocketHub, user: SessionUser, body: ClaimReviewBody) => review(db, sockets, user, body, BIZ);
/** 财务审核 (finance): 待财务审核 → 待付款 | 已驳回 | 退回补充发票. */
export const financeReview = (db: Db, sockets: SocketHub, user: SessionUser, body: ClaimReviewBody) => review(db, sockets, user, body, FINANCE);
