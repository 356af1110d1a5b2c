import { and, eq } from 'drizzle-orm';
import { ApprovalBizType, ApprovalResult, BATCH_CLAIM_WINDOW_DAYS, claimWindow, ClaimWindowMsg, moneyText, toCents } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { writeNotice, type WrittenNotice } from '../../core/notice/delivery.ts';
import { noticeText, paras } from '../../core/notice/notice-template.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import type { NoticeWords } from '../../core/approval/decide.ts';
import type { BatchRow } from '../../core/tables/batch.table.ts';
import { orgUserIds } from '../../core/notice/org-notice.ts';

/** The batch's detail page, where each notice's 去处理 leads. */
export const BATCH_DETAIL_PAGE = (id: string) => `/rights/batch/detail/${id}`;
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * What the organisation is told at each decision on its batch: what happened at this step, the amount
 * decided (and the amount asked, when they differ) and what comes next — never a bare "审核已通过" for a
 * step that only moves the batch on to 复审.
 */

type Step = '初审' | '复审';

/** `核定金额 11,000.00 元，申请金额 12,000.00 元`, or the one amount when nothing was cut. */
export function amountFact(approved: string, asked: string, label = '核定金额'): string {
  return toCents(approved) === toCents(asked) ? `${label} ${moneyText(approved)} 元` : `${label} ${moneyText(approved)} 元，申请金额 ${moneyText(asked)} 元`;
}

/** 初审 pass above the threshold: the batch waits for 复审, nothing is frozen yet. */
export function toSecondReviewWords(row: BatchRow, threshold: string): NoticeWords {
  return {
    template: 'batch_to_second_review',
    vars: {
      facts: paras([
        `申请金额 ${moneyText(row.applyAmount)} 元，超过复审阈值 ${moneyText(threshold)} 元，须经复审`,
        ...(row.approvedAmount !== null && toCents(row.approvedAmount) !== toCents(row.applyAmount)
          ? [amountFact(row.approvedAmount, row.applyAmount, '初审核定金额')]
          : []),
      ]),
    },
  };
}

/** The final pass (初审 at or below the threshold, or 复审): 核定金额 frozen, enforcement may start. */
export function approvedWords(row: BatchRow, step: Step): NoticeWords {
  return { template: 'batch_approved', vars: { step, facts: paras([amountFact(row.approvedAmount!, row.applyAmount)]) } };
}

export function returnedWords(step: Step): NoticeWords {
  return { template: 'batch_returned', vars: { step } };
}

export function rejectedWords(step: Step): NoticeWords {
  return { template: 'batch_rejected', vars: { step } };
}

const outcomeFact = (row: BatchRow) =>
  `成功 ${row.successCount} 条，失败 ${row.failedCount} 条，不构成侵权 ${row.notInfringingCount} 条，成功率 ${row.successRate === null ? '—' : `${row.successRate}%`}`;

/**
 * 结案审核 pass. `released`: what went back to the pool (no item succeeded); `reserved`: what stays for
 * claims approved but not yet paid; `claimable`: what further claims may still be approved for. A batch
 * that may still be claimed for and one that may not are told by two templates (the next step differs).
 */
export function closedWords(row: BatchRow, money: { released: bigint; reserved: bigint; claimable: bigint }): NoticeWords {
  const facts = [outcomeFact(row)];
  if (money.released > 0n) facts.push(`无成功线索，冻结的 ${moneyText(money.released)} 元已解冻退回资金池`);
  if (money.reserved > 0n) facts.push(`已核定待付款的报销单保留 ${moneyText(money.reserved)} 元，照常付款`);
  if (money.claimable > 0n) facts.push(`尚可报销 ${moneyText(money.claimable)} 元（核定金额 ${moneyText(row.approvedAmount ?? '0')} 元）`);
  if (money.claimable > 0n && row.closedTime) facts.push(ClaimWindowMsg.deadlineFact(claimWindow(row.closedTime).deadline));
  return { template: money.claimable > 0n ? 'batch_closed_claimable' : 'batch_closed', vars: { facts: paras(facts) } };
}

export function closureReturnedWords(): NoticeWords {
  return { template: 'batch_closure_returned' };
}

/**
 * 撤销 by the organisation: the submitter (when someone else of the organisation withdrew it) and the
 * reviewers who passed it are told what happened, what went back to the pool and that nothing more is
 * due. Written in the withdrawal's transaction; null when nobody else is concerned.
 */
export async function writeWithdrawNotice(t: Db, user: SessionUser, row: BatchRow, reason: string, released: bigint): Promise<WrittenNotice | null> {
  const reviewers = await t
    .selectDistinct({ id: rightsApproval.approverId })
    .from(rightsApproval)
    .where(and(eq(rightsApproval.bizType, ApprovalBizType.threaded), eq(rightsApproval.bizId, row.id), eq(rightsApproval.result, ApprovalResult.pass)));
  const userIds = [...new Set([row.submitBy, ...reviewers.map((r) => r.id)])].filter((id): id is string => !!id && id !== user.id);
  if (!userIds.length) return null;
  const who = user.realname || user.username;
  const facts = [`撤销原因：${reason}`, ...(released > 0n ? [`冻结的核定金额 ${moneyText(released)} 元已解冻退回资金池`] : [])];
  const next = '批次已结束，无需其他操作';
  return writeNotice(t, {
    ...(await noticeText(t, 'batch_withdrawn', {
      batchNo: row.batchNo,
      batchName: row.batchName,
      orgName: row.orgName,
      who,
      facts: [...facts, `下一步：${next}`].map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
    })),
    userIds,
    sender: user.username,
    msgCategory: '2',
    priority: 'M',
    busType: 'threaded_withdrawn',
    busId: row.id,
    openType: 'url',
    openPage: BATCH_DETAIL_PAGE(row.id),
  });
}

/**
 * 结案报销期满解冻 (the job): the organisation's users and the batch's submitter are told that the claim
 * window ended and how much went back to the pool (and what stays for claims approved but not yet paid).
 * Written in the release's transaction; null when nobody is left to tell.
 */
export async function writeClaimExpiredNotice(
  t: Db,
  row: BatchRow,
  money: { released: bigint; reserved: bigint },
  deadline: string,
): Promise<WrittenNotice | null> {
  const userIds = [...new Set([...(await orgUserIds(t, row.orgId)), ...(row.submitBy ? [row.submitBy] : [])])];
  if (!userIds.length) return null;
  const text = await noticeText(t, 'batch_claim_expired', {
    batchNo: row.batchNo,
    batchName: row.batchName,
    deadline,
    days: BATCH_CLAIM_WINDOW_DAYS,
    released: moneyText(money.released),
    reserved: money.reserved > 0n ? paras([`已核定待付款的报销单保留 ${moneyText(money.reserved)} 元，照常付款`]) : '',
  });
  return writeNotice(t, {
    ...text,
    userIds,
    sender: 'system',
    msgCategory: '2',
    priority: 'M',
    busType: 'threaded_claim_end',
    busId: row.id,
    openType: 'url',
    openPage: BATCH_DETAIL_PAGE(row.id),
  });
}
