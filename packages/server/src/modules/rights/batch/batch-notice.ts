import { and, eq } from 'drizzle-orm';
import { ApprovalBizType, ApprovalResult, BATCH_CLAIM_WINDOW_DAYS, claimWindow, ClaimWindowMsg, moneyText, toCents } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { writeNotice, type WrittenNotice } from '../../core/notice/delivery.ts';
import { noticeText } from '../../core/notice/notice-template.ts';
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
export function toSecondReviewWords(row: BatchRow, threshold: bigint): NoticeWords {
  return {
    title: '线索批次初审已通过，待复审',
    outcome: '初审通过，已转复审',
    facts: [
      `申请金额 ${moneyText(row.applyAmount)} 元，超过复审阈值 ${moneyText(threshold)} 元，须经复审`,
      ...(row.approvedAmount !== null && toCents(row.approvedAmount) !== toCents(row.applyAmount) ? [amountFact(row.approvedAmount, row.applyAmount, '初审核定金额')] : []),
    ],
    next: '等待协会另一位审核人复审；复审通过后核定金额在资金池冻结，即可开始维权',
  };
}

/** The final pass (初审 at or below the threshold, or 复审): 核定金额 frozen, enforcement may start. */
export function approvedWords(row: BatchRow, step: Step): NoticeWords {
  return {
    outcome: `${step}通过，核定金额已在资金池冻结`,
    facts: [amountFact(row.approvedAmount!, row.applyAmount)],
    next: '请在「线索批次」中开始维权，更新线索明细的处理结果并记录进度，全部处理完毕后申请结案',
  };
}

export function returnedWords(step: Step): NoticeWords {
  return { outcome: `${step}退回补正`, next: '请按审核意见修改批次信息或线索明细，然后重新提交审核' };
}

export function rejectedWords(step: Step): NoticeWords {
  return { outcome: `${step}驳回，批次已结束`, next: '该批次不能再提交；如需继续维权，请新建线索批次' };
}

const outcomeFact = (row: BatchRow) =>
  `成功 ${row.successCount} 条，失败 ${row.failedCount} 条，不构成侵权 ${row.notInfringingCount} 条，成功率 ${row.successRate === null ? '—' : `${row.successRate}%`}`;

/**
 * 结案审核 pass. `released`: what went back to the pool (no item succeeded); `reserved`: what stays for
 * claims approved but not yet paid; `claimable`: what further claims may still be approved for.
 */
export function closedWords(row: BatchRow, money: { released: bigint; reserved: bigint; claimable: bigint }): NoticeWords {
  const facts = [outcomeFact(row)];
  if (money.released > 0n) facts.push(`无成功线索，冻结的 ${moneyText(money.released)} 元已解冻退回资金池`);
  if (money.reserved > 0n) facts.push(`已核定待付款的报销单保留 ${moneyText(money.reserved)} 元，照常付款`);
  if (money.claimable > 0n) facts.push(`尚可报销 ${moneyText(money.claimable)} 元（核定金额 ${moneyText(row.approvedAmount ?? '0')} 元）`);
  if (money.claimable > 0n && row.closedTime) facts.push(ClaimWindowMsg.deadlineFact(claimWindow(row.closedTime).deadline));
  return {
    outcome: '结案审核通过，批次已结案',
    facts,
    next: money.claimable > 0n ? '请在「报销管理」中提交报销单，上传发票及付款凭证' : '批次已结束，无需其他操作',
  };
}

export function closureReturnedWords(): NoticeWords {
  return { outcome: '结案申请退回，批次回到维权中', next: '请按审核意见补充处理结果或结案材料，然后重新申请结案' };
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
    msgAbstract: [...facts, `下一步：${next}`].join('；').slice(0, 500),
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
export async function writeClaimExpiredNotice(t: Db, row: BatchRow, money: { released: bigint; reserved: bigint }, deadline: string): Promise<WrittenNotice | null> {
  const userIds = [...new Set([...(await orgUserIds(t, row.orgId)), ...(row.submitBy ? [row.submitBy] : [])])];
  if (!userIds.length) return null;
  const facts = [
    `报销申请期限（结案后 ${BATCH_CLAIM_WINDOW_DAYS} 天）已于 ${deadline} 届满，该批次不能再新增或提交报销单`,
    `未申请报销的冻结金额 ${moneyText(money.released)} 元已解冻退回资金池`,
    ...(money.reserved > 0n ? [`已核定待付款的报销单保留 ${moneyText(money.reserved)} 元，照常付款`] : []),
  ];
  return writeNotice(t, {
    titile: ClaimWindowMsg.noticeTitle(row.batchNo, money.released),
    msgAbstract: ClaimWindowMsg.noticeAbstract(deadline),
    msgContent: `<p>线索批次「${escapeHtml(`${row.batchNo} ${row.batchName}`)}」：</p>` + facts.map((line) => `<p>${escapeHtml(line)}</p>`).join(''),
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
