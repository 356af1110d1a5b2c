import { ClaimNotice, ClaimRoute, moneyText, toCents, type ClaimReviewStage } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { writeNotice, type Notice, type WrittenNotice } from '../../core/notice/delivery.ts';
import { noticeText } from '../../core/notice/notice-template.ts';
import { orgUserIds } from '../../core/notice/org-notice.ts';
import type { ClaimRow } from '../../core/tables/claim.table.ts';

export type ReviewStep = { stage: ClaimReviewStage; result: 'pass' | 'reject' | 'returned'; opinion: string | null };

const opinionOf = (opinion: string | null) => opinion?.trim() || '无';
const cutOf = (row: ClaimRow) =>
  row.approvedAmount !== null && toCents(row.approvedAmount) !== toCents(row.applyAmount) ? ClaimNotice.cut(row.approvedAmount, row.applyAmount) : '';

/**
 * The submitter's message after a review step, in place of decide()'s standard one: a pass says which
 * review passed and what comes next, with the amount decided (and the cut, when less was approved than
 * asked); 退回补充发票 is the one urgent message to every user of the organisation (the submitter among
 * them) with the reason and 去处理, instead of a decision notice and a separate reminder.
 */
export async function reviewNotice(t: Db, approver: SessionUser, row: ClaimRow, step: ReviewStep, standard: Notice): Promise<Notice> {
  const base = { ...standard, openType: 'url' as const, openPage: ClaimRoute.claimList };
  const vars = {
    claimNo: row.claimNo,
    orgName: row.orgName,
    stage: step.stage,
    approver: approver.realname || approver.username,
    opinion: opinionOf(step.opinion),
  };
  if (step.result === 'pass') {
    const first = step.stage === '业务审核';
    const text = await noticeText(t, first ? 'claim_biz_passed' : 'claim_finance_passed', { ...vars, amounts: ClaimNotice.amounts(row), cut: cutOf(row) });
    return { ...base, ...text, priority: 'L' };
  }
  if (step.result === 'reject') {
    const text = await noticeText(t, 'claim_rejected', { ...vars, amounts: ClaimNotice.amounts({ ...row, approvedAmount: null }) });
    return { ...base, ...text, priority: 'M' };
  }
  const others = await orgUserIds(t, row.orgId);
  return {
    ...base,
    ...(await noticeText(t, 'claim_returned', vars)),
    userIds: [...new Set([...standard.userIds, ...others])],
    priority: 'H',
    busType: 'claim_returned',
  };
}

const accountOf = (row: ClaimRow) => [row.accountName, row.bankName, row.accountNo ? `尾号${row.accountNo.slice(-4)}` : null].filter(Boolean).join(' ');

/**
 * The submitter's message when finance pays the claim (amount, date, 流水号, account) or records that the
 * payment failed (the reason and what happens next). Written in the payment's transaction; null when the
 * claim has no submitter to tell.
 */
export async function paymentNotice(
  t: Db,
  payer: SessionUser,
  row: ClaimRow,
  outcome: { paid: true; payDate: string; serialNo: string } | { paid: false; reason: string },
): Promise<WrittenNotice | null> {
  if (!row.submitBy) return null;
  const amount = row.approvedAmount ?? row.applyAmount;
  const common = {
    userIds: [row.submitBy],
    sender: payer.username,
    msgCategory: '2' as const,
    busId: row.id,
    openType: 'url' as const,
    openPage: ClaimRoute.claimList,
  };
  const cut = toCents(amount) !== toCents(row.applyAmount) ? `（${ClaimNotice.amounts(row)}）` : '';
  if (outcome.paid) {
    return writeNotice(t, {
      ...common,
      ...(await noticeText(t, 'claim_paid', {
        claimNo: row.claimNo,
        orgName: row.orgName,
        amount: moneyText(amount),
        cut,
        payDate: outcome.payDate,
        serialNo: outcome.serialNo,
        account: accountOf(row),
        next: ClaimNotice.next.paid,
      })),
      priority: 'M',
      busType: 'claim_paid',
    });
  }
  return writeNotice(t, {
    ...common,
    ...(await noticeText(t, 'claim_pay_failed', {
      claimNo: row.claimNo,
      orgName: row.orgName,
      amount: moneyText(amount),
      reason: outcome.reason,
      account: accountOf(row),
      next: ClaimNotice.next.payFailed,
    })),
    priority: 'H',
    busType: 'claim_pay_failed',
  });
}
