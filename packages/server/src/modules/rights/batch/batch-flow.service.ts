import { and, eq } from 'drizzle-orm';
import {
  ApprovalNode,
  BatchLogAction,
  BatchMsg,
  batchFlow,
  claimWindow,
  ClosureResult,
  decisionNode,
  fitsMoneyColumn,
  fromCents,
  ItemStatus,
  moneyText,
  MoneyMsg,
  needsSecondReview,
  secondReviewThreshold,
  toCents,
  type BatchClosureBody,
  type BatchClosureReviewBody,
  type BatchReviewBody,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { assertAction, refusalOf } from '../../../platform/flow/flow-guard.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { transition } from '../../../platform/flow/transition.ts';
import { pushNotice } from '../../core/notice/delivery.ts';
import { lockPool } from '../../core/ledger/pool-ledger.service.ts';
import * as ledger from '../../core/ledger/pool-ledger.service.ts';
import { decide } from '../../core/approval/decide.ts';
import { requireReadyOrg } from '../../core/org/org-context.ts';
import { capLeft, checkRights, secondReviewSetting, successRate, usablePool } from './batch-rules.ts';
import { writeLog } from './batch-log.ts';
import {
  approvedWords,
  BATCH_DETAIL_PAGE,
  closedWords,
  closureReturnedWords,
  rejectedWords,
  returnedWords,
  toSecondReviewWords,
  writeWithdrawNotice,
} from './batch-notice.ts';
import { itemCounts, recount } from './batch-items.service.ts';
import { BATCH_FILE_BIZ, batchStore, lockOwnBatch } from './batch.service.ts';
import { checkAttachments, FileType, linkAttachments } from '../../core/files/attachments.ts';
import { rightsBatch, type BatchRow } from '../../core/tables/batch.table.ts';
import { claimReminder } from '../../core/notice/org-notice.ts';
import { batchAvailable, batchLedger, RELEASE_REMARK, releaseOpKey, type ReleaseReason } from '../../core/ledger/batch-money.ts';

const who = (user: SessionUser) => (user.realname || user.username).slice(0, 100);
const bizRef = (row: BatchRow) => `batch:${row.id}`;
const title = (row: BatchRow) => `${row.batchNo} ${row.batchName}`;

/** 提交审核: 草稿 | 退回补正 → 待审核, with items, usable rights and 申请金额 recomputed under the cap. */
export async function submitBatch(db: Db, user: SessionUser, id: string): Promise<void> {
  const org = await requireReadyOrg(db, user);
  await db.transaction(async (t) => {
    const row = await lockOwnBatch(t, org, id);
    const now = new Date();
    const patch = { submitBy: user.id, submitTime: now, approvedAmount: null, firstReviewerId: null, firstReviewerName: null, auditOpinion: null };
    let fresh = row;
    const submitted = await transition(t, batchStore, batchFlow, 'submit', row, user, patch, {
      org,
      now,
      check: async () => {
        if (row.itemCount === 0) throw new BizError(BatchMsg.noItems);
        await checkRights(t, org, row.rightIds.split(','));
        await recount(t, user, row);
        [fresh] = await t.select().from(rightsBatch).where(eq(rightsBatch.id, id));
        if (toCents(fresh.applyAmount) <= 0n) throw new BizError(BatchMsg.capReached('0.00'));
      },
      versionFrom: () => fresh,
    });
    await writeLog(t, user, id, BatchLogAction.submit, `线索数量 ${submitted.itemCount}，申请金额 ${moneyText(submitted.applyAmount)} 元`, now);
  });
}

/**
 * Gives back to the pool what the ledger still holds frozen for the batch, less what approved but unpaid
 * claims were promised (those are paid from it later). Not 核定 − 已解冻: claims already paid took their
 * part out of the freeze. The batch row is locked by the caller (claim approvals and payments lock it
 * too) and the pool here, so nothing moves between the reading and the release.
 * Answers what was released and what stays reserved for claims, or null when nothing was frozen.
 */
export async function releaseRest(
  t: Db,
  user: SessionUser | null,
  row: BatchRow,
  reason: ReleaseReason,
): Promise<{ released: bigint; reserved: bigint } | null> {
  if (row.approvedAmount === null) return null;
  await lockPool(t, row.poolId);
  const { frozen } = await batchLedger(t, row.poolId, row.id);
  const rest = await batchAvailable(t, row);
  const reserved = frozen - rest;
  if (rest <= 0n) return frozen > 0n ? { released: 0n, reserved } : null;
  const releasedAmount = toCents(row.releasedAmount) + rest;
  if (!fitsMoneyColumn(releasedAmount)) throw new BizError(MoneyMsg.overColumn('已解冻金额'));
  await ledger.release(t, user, {
    poolId: row.poolId,
    amount: fromCents(rest),
    opKey: releaseOpKey(row.id, reason, toCents(row.releasedAmount)),
    bizRef: bizRef(row),
    bizNo: row.batchNo,
    orgId: row.orgId,
    orgName: row.orgName,
    remark: RELEASE_REMARK[reason],
  });
  await t
    .update(rightsBatch)
    .set({ releasedAmount: fromCents(releasedAmount) })
    .where(eq(rightsBatch.id, row.id));
  return { released: rest, reserved };
}

/** What a release did, for the log and the notice: `解冻 2,501.00 元` and what stays for unpaid claims. */
const releaseText = (r: { released: bigint; reserved: bigint }) =>
  [r.released > 0n ? `解冻 ${moneyText(r.released)} 元` : '', r.reserved > 0n ? `待付款报销单保留 ${moneyText(r.reserved)} 元` : ''].filter(Boolean).join('，');

/**
 * 撤销: before 维权中; an approved batch gives its frozen amount back to the pool in the same transaction.
 * The submitter (when another user withdrew it) and the reviewers who passed it are told.
 */
export async function withdrawBatch(db: Db, sockets: SocketHub, user: SessionUser, id: string, reason: string): Promise<void> {
  const org = await requireReadyOrg(db, user);
  const notice = await db.transaction(async (t) => {
    const row = await lockOwnBatch(t, org, id);
    const now = new Date();
    let released = 0n;
    await transition(
      t,
      batchStore,
      batchFlow,
      'withdraw',
      row,
      user,
      {},
      {
        org,
        now,
        check: async () => {
          released = (await releaseRest(t, user, row, 'withdraw'))?.released ?? 0n;
        },
      },
    );
    await writeLog(t, user, id, BatchLogAction.withdraw, `撤销原因：${reason}${released ? `；解冻 ${moneyText(released)} 元` : ''}`, now);
    return writeWithdrawNotice(t, user, row, reason, released);
  });
  if (notice) {
    try {
      await pushNotice(sockets, notice);
    } catch {
      // the delivery row is written; the bell's poll shows it
    }
  }
}

/**
 * 初审 (待审核) and 复审 (待复审), through `decide`: pass → 待复审 when 申请金额 is above the threshold at
 * 初审, else → 待维权 with 核定金额 frozen in the pool in the same transaction (refused, nothing changed,
 * when the balance or the organisation's cap is short); reject → 已驳回; returned → 退回补正.
 * The conditional update on the status read makes one of two concurrent reviewers win; the other is told.
 */
export async function reviewBatch(db: Db, sockets: SocketHub, user: SessionUser, body: BatchReviewBody): Promise<string> {
  const [before] = await db
    .select()
    .from(rightsBatch)
    .where(and(eq(rightsBatch.id, body.id), eq(rightsBatch.delFlag, '0')));
  if (!before) throw new BizError(BatchMsg.notFound);
  assertAction(batchFlow, 'review', before);
  const node = decisionNode(batchFlow, 'review', batchFlow.actions.review, before);
  if (node === ApprovalNode.second && before.firstReviewerId === user.id) throw new BizError(BatchMsg.sameReviewer);
  const setting = await secondReviewSetting(db);
  const toSecond = body.result === 'pass' && node === ApprovalNode.first && needsSecondReview(before.applyAmount, setting);
  const step = node === ApprovalNode.first ? '初审' : '复审';
  const final = body.result === 'pass' && !toSecond;
  const approved = final ? (body.approvedAmount ?? before.approvedAmount ?? before.applyAmount) : (body.approvedAmount ?? null);
  if (approved !== null && toCents(approved) > toCents(before.applyAmount)) throw new BizError(BatchMsg.approvedTooMuch);
  if (final && toCents(approved!) <= 0n) throw new BizError(BatchMsg.approvedRequired);
  const outcome = body.result === 'pass' && toSecond ? 'toSecondReview' : body.result;
  await decide(db, sockets, user, body, {
    flow: batchFlow,
    action: 'review',
    store: batchStore,
    find: async () => before,
    submitterOf: (row) => row.submitBy,
    outcome,
    patch: (_row, now) => ({
      auditOpinion: body.opinion,
      ...(node === ApprovalNode.first && body.result === 'pass' ? { firstReviewerId: user.id, firstReviewerName: who(user) } : {}),
      ...(body.result !== 'pass' ? { approvedAmount: null } : approved !== null ? { approvedAmount: approved } : {}),
      ...(final ? { approveTime: now } : {}),
    }),
    where: [eq(rightsBatch.delFlag, '0')],
    refuse: decidedByOther(body.id, before.status),
    andThen: async (t, row, now) => {
      if (final) await freezeApproved(t, user, row);
      const text =
        body.result === 'reject'
          ? '驳回'
          : body.result === 'returned'
            ? '退回补正'
            : toSecond
              ? '初审通过，转复审'
              : `审核通过，核定金额 ${moneyText(approved!)} 元已冻结${toCents(approved!) === toCents(row.applyAmount) ? '' : `（申请金额 ${moneyText(row.applyAmount)} 元）`}`;
      await writeLog(t, user, row.id, BatchLogAction.review, `${step}：${text}${body.opinion ? `；意见：${body.opinion}` : ''}`, now);
      return row;
    },
    approval: (row) => ({ bizTitle: title(row), orgId: row.orgId, sysOrgCode: row.sysOrgCode }),
    page: (row) => BATCH_DETAIL_PAGE(row.id),
    notice: (row, _t, standard) =>
      standard(
        body.result === 'reject'
          ? rejectedWords(step)
          : body.result === 'returned'
            ? returnedWords(step)
            : toSecond
              ? toSecondReviewWords(row, secondReviewThreshold(setting))
              : approvedWords(row, step),
      ),
  });
  return body.result === 'reject' ? BatchMsg.rejected : body.result === 'returned' ? BatchMsg.returned : toSecond ? BatchMsg.toSecondReview : BatchMsg.approved;
}

/** The refusal of a review that lost its race: another reviewer moved the batch on, or it left review. */
const decidedByOther = (id: string, read: string) => async (t: Db) => {
  const [now] = await t.select({ status: rightsBatch.status }).from(rightsBatch).where(eq(rightsBatch.id, id));
  return now && now.status !== read ? BatchMsg.decidedByOther : refusalOf(batchFlow, 'review');
};

/**
 * The final pass freezes 核定金额 in the pool. The pool row is locked first, so approvals against one
 * pool are ordered and the organisation's 单机构上限 is checked against approvals already committed.
 */
async function freezeApproved(t: Db, user: SessionUser, row: BatchRow) {
  await lockPool(t, row.poolId);
  const pool = await usablePool(t, row.poolId);
  const left = await capLeft(t, pool, row.orgId, row.id);
  if (left !== null && toCents(row.approvedAmount!) > left) throw new BizError(BatchMsg.capReached(fromCents(left)));
  await ledger.freeze(t, user, {
    poolId: row.poolId,
    amount: row.approvedAmount!,
    opKey: `${bizRef(row)}:freeze`,
    bizRef: bizRef(row),
    bizNo: row.batchNo,
    orgId: row.orgId,
    orgName: row.orgName,
    remark: '线索批次审核通过冻结',
  });
}

/** 开始维权: 待维权 → 维权中; the organisation's items become 处理中. */
export async function startEnforce(db: Db, user: SessionUser, id: string): Promise<void> {
  const org = await requireReadyOrg(db, user);
  await db.transaction(async (t) => {
    const row = await lockOwnBatch(t, org, id);
    const now = new Date();
    await transition(t, batchStore, batchFlow, 'startEnforce', row, user, { startTime: now }, { org, now });
    await writeLog(t, user, id, BatchLogAction.start, null, now);
  });
}

/** 结案结果 from the item counts. */
export function closureOutcome(counts: Record<string, number>) {
  const success = counts[ItemStatus.success] ?? 0;
  const failed = counts[ItemStatus.failed] ?? 0;
  const notInfringing = counts[ItemStatus.notInfringing] ?? 0;
  const result =
    success > 0 ? (failed > 0 ? ClosureResult.partSuccess : ClosureResult.allSuccess) : failed > 0 ? ClosureResult.noSuccess : ClosureResult.notInfringing;
  return { successCount: success, failedCount: failed, notInfringingCount: notInfringing, closureResult: result, successRate: successRate(success, failed) };
}

/** 申请结案: 维权中 → 待结案审核 once no item is 待处理 or 处理中; 结案结果 and 成功率 are computed now. */
export async function applyClosure(db: Db, user: SessionUser, body: BatchClosureBody): Promise<void> {
  const org = await requireReadyOrg(db, user);
  const files = [{ paths: body.closureFiles, fileType: FileType.other }];
  await checkAttachments(db, user, files);
  await db.transaction(async (t) => {
    const row = await lockOwnBatch(t, org, body.id);
    const now = new Date();
    let outcome = closureOutcome({});
    const patch = { closureSummary: body.closureSummary, closureFiles: body.closureFiles, closureApplyTime: now, submitBy: user.id };
    await transition(t, batchStore, batchFlow, 'applyClosure', row, user, patch, {
      org,
      now,
      check: async () => {
        await linkAttachments(t, BATCH_FILE_BIZ, row.id, files, org.sysOrgCode);
        const counts = await itemCounts(t, row.id);
        const open = (counts[ItemStatus.waiting] ?? 0) + (counts[ItemStatus.handling] ?? 0);
        if (open > 0) throw new BizError(BatchMsg.itemsOpen(open));
        outcome = closureOutcome(counts);
        return outcome;
      },
    });
    await writeLog(
      t,
      user,
      row.id,
      BatchLogAction.closure,
      `成功 ${outcome.successCount}，失败 ${outcome.failedCount}，不构成侵权 ${outcome.notInfringingCount}，成功率 ${outcome.successRate ?? '—'}%`,
      now,
    );
  });
}

/**
 * 结案审核: pass → 已结案; returned → 维权中. What was frozen stays frozen for the batch's expense claims
 * (reimbursed against it, DOMAIN.md claim flow) — except when no item succeeded: nothing was won that a
 * subsidy could pay for, so the whole frozen amount goes back to the pool in the same transaction.
 */
export async function reviewClosure(db: Db, sockets: SocketHub, user: SessionUser, body: BatchClosureReviewBody): Promise<string> {
  const after: { reminder: Awaited<ReturnType<typeof claimReminder>>; money: { released: bigint; reserved: bigint; claimable: bigint } } = {
    reminder: null,
    money: { released: 0n, reserved: 0n, claimable: 0n },
  };
  await decide(db, sockets, user, body, {
    flow: batchFlow,
    action: 'closureReview',
    store: batchStore,
    find: async () =>
      (
        await db
          .select()
          .from(rightsBatch)
          .where(and(eq(rightsBatch.id, body.id), eq(rightsBatch.delFlag, '0')))
      )[0],
    submitterOf: (row) => row.submitBy,
    patch: (_row, now) => ({ auditOpinion: body.opinion, ...(body.result === 'pass' ? { closedTime: now } : {}) }),
    where: [eq(rightsBatch.delFlag, '0')],
    andThen: async (t, row, now) => {
      const released = body.result === 'pass' && row.successCount === 0 ? await releaseRest(t, user, row, 'closure') : null;
      const text = body.result === 'pass' ? `结案审核通过${released ? `；无成功线索，${releaseText(released)}` : ''}` : '结案申请退回';
      await writeLog(t, user, row.id, BatchLogAction.closureReview, `${text}${body.opinion ? `；意见：${body.opinion}` : ''}`, now);
      if (body.result !== 'pass') return row;
      const claimable = released ? 0n : await batchAvailable(t, row);
      after.money = { released: released?.released ?? 0n, reserved: released?.reserved ?? 0n, claimable };
      // spec §2: what stays frozen is for the batch's expense claims, so the organisation is told to file them
      if (claimable > 0n)
        after.reminder = await claimReminder(t, row.orgId, null, { kind: 'closed', batchNo: row.batchNo, busId: row.id, deadline: claimWindow(now).deadline });
      const [fresh] = await t.select().from(rightsBatch).where(eq(rightsBatch.id, row.id));
      return fresh;
    },
    approval: (row) => ({ bizTitle: title(row), orgId: row.orgId, sysOrgCode: row.sysOrgCode }),
    page: (row) => BATCH_DETAIL_PAGE(row.id),
    notice: (row, _t, standard) => standard(body.result === 'pass' ? closedWords(row, after.money) : closureReturnedWords()),
  });
  if (after.reminder) await after.reminder.push(sockets);
  return body.result === 'pass' ? BatchMsg.closed : BatchMsg.closureReturned;
}
