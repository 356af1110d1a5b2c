import { eq, sql } from 'drizzle-orm';
import { ClaimMsg, ClaimNotice, ClaimRoute, moneyText, toCents, type ClaimReviewStage } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { pushNotice, writeNotice, type Notice, type WrittenNotice } from '../../core/notice/delivery.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import type { ClaimRow } from '../../core/tables/claim.table.ts';

type Reminder = { kind: 'closed'; batchNo: string; busId: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const para = (text: string, urgent = false) => `<p${urgent ? ' style="color:red"' : ''}>${escapeHtml(text)}</p>`;

/** The active users of an organisation: those under its department, and whoever applied for it. */
async function orgUserIds(db: Db, orgId: string): Promise<string[]> {
  const [org] = await db.select({ code: rightsOrg.sysOrgCode, applicantId: rightsOrg.applicantId }).from(rightsOrg).where(eq(rightsOrg.id, orgId));
  if (!org) return [];
  const found = org.code
    ? await rows<{ id: string }>(db, sql`select id from sys_user where del_flag = 0 and status = 1 and org_code like ${org.code} || '%'`)
    : [];
  return [...new Set([...found.map((u) => u.id), ...(org.applicantId ? [org.applicantId] : [])])];
}

/**
 * spec §2 notice modal: an urgent (H) message to the organisation's users whose 去处理 opens the claim
 * page when its batch is closed (upload the expense claims). Written in the caller's transaction; `push`
 * after the commit. `except` (who already gets the decision's own message) is left out; null when
 * nobody is left to tell.
 */
export async function claimReminder(t: Db, orgId: string, except: string | null, r: Reminder): Promise<{ push: (hub: SocketHub) => Promise<void> } | null> {
  const userIds = (await orgUserIds(t, orgId)).filter((id) => id !== except);
  if (!userIds.length) return null;
  const written: WrittenNotice = await writeNotice(t, {
    titile: ClaimMsg.closedNoticeTitle(r.batchNo),
    msgAbstract: '请在「报销管理」中提交报销单，上传发票及付款凭证',
    msgContent: `<p>线索批次 ${escapeHtml(r.batchNo)} 已结案。</p><p style="color:red">请在付款管理菜单中上传报销信息（发票及凭证），提交报销单。</p>`,
    userIds,
    sender: 'system',
    msgCategory: '2',
    priority: 'H',
    busType: 'claim_batch_closed',
    busId: r.busId,
    openType: 'url',
    openPage: ClaimRoute.claimList,
  });
  return { push: (hub) => pushQuietly(hub, written) };
}

/** A lost push only delays the message to the bell's next poll; it must not fail what was committed. */
export async function pushQuietly(hub: SocketHub, written: WrittenNotice) {
  try {
    await pushNotice(hub, written);
  } catch {
    // the delivery row is written; the bell's poll shows it
  }
}

export type ReviewStep = { stage: ClaimReviewStage; result: 'pass' | 'reject' | 'returned'; opinion: string | null };

const opinionOf = (opinion: string | null) => opinion?.trim() || '无';
const cutOf = (row: ClaimRow) => (row.approvedAmount !== null && toCents(row.approvedAmount) !== toCents(row.applyAmount) ? ClaimNotice.cut(row.approvedAmount, row.applyAmount) : '');

/**
 * The submitter's message after a review step, in place of decide()'s standard one: a pass says which
 * review passed and what comes next, with the amount decided (and the cut, when less was approved than
 * asked); 退回补充发票 is the one urgent message to every user of the organisation (the submitter among
 * them) with the reason and 去处理, instead of a decision notice and a separate reminder.
 */
export async function reviewNotice(t: Db, approver: SessionUser, row: ClaimRow, step: ReviewStep, standard: Notice): Promise<Notice> {
  const subject = `您提交的报销单「${row.claimNo} ${row.orgName}」`;
  const reviewer = para(`审核人：${approver.realname || approver.username}`);
  const opinion = opinionOf(step.opinion);
  const base = { ...standard, openType: 'url' as const, openPage: ClaimRoute.claimList };
  if (step.result === 'pass') {
    const first = step.stage === '业务审核';
    const amounts = ClaimNotice.amounts(row);
    return {
      ...base,
      titile: `${first ? ClaimNotice.bizPassed(row.claimNo) : ClaimNotice.financePassed(row.claimNo)}${cutOf(row)}`,
      msgAbstract: `${amounts}；审核意见：${opinion}`.slice(0, 500),
      msgContent: [
        para(`${subject}${step.stage}通过，${first ? '已转协会财务审核' : '已转待付款'}。`),
        para(`${amounts}。`),
        reviewer,
        para(`审核意见：${opinion}`),
        para(first ? ClaimNotice.next.bizPassed : ClaimNotice.next.financePassed),
      ].join(''),
      priority: 'L',
    };
  }
  if (step.result === 'reject') {
    return {
      ...base,
      titile: ClaimNotice.rejected(step.stage, row.claimNo),
      msgAbstract: `驳回原因：${opinion}`.slice(0, 500),
      msgContent: [
        para(`${subject}在${step.stage}中被驳回。`),
        para(`${ClaimNotice.amounts({ ...row, approvedAmount: null })}。`),
        reviewer,
        para(`驳回原因：${opinion}`),
        para(ClaimNotice.next.rejected),
      ].join(''),
      priority: 'M',
    };
  }
  const others = await orgUserIds(t, row.orgId);
  return {
    ...base,
    titile: ClaimNotice.returned(row.claimNo),
    msgAbstract: `退回原因：${opinion}`.slice(0, 500),
    msgContent: [
      para(`报销单 ${row.claimNo} 在${step.stage}中被退回补充发票。`),
      reviewer,
      para(`退回原因：${opinion}`),
      para(ClaimNotice.next.returned, true),
    ].join(''),
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
  const common = { userIds: [row.submitBy], sender: payer.username, msgCategory: '2' as const, busId: row.id, openType: 'url' as const, openPage: ClaimRoute.claimList };
  const cut = toCents(amount) !== toCents(row.applyAmount) ? `（${ClaimNotice.amounts(row)}）` : '';
  if (outcome.paid) {
    return writeNotice(t, {
      ...common,
      titile: ClaimNotice.paid(row.claimNo, amount, outcome.payDate),
      msgAbstract: `付款金额 ${moneyText(amount)} 元，付款日期 ${outcome.payDate}，流水号 ${outcome.serialNo}`,
      msgContent: [
        para(`您提交的报销单「${row.claimNo} ${row.orgName}」已付款。`),
        para(`付款金额：${moneyText(amount)} 元${cut}`),
        para(`付款日期：${outcome.payDate}`),
        para(`付款流水号：${outcome.serialNo}`),
        para(`收款账户：${accountOf(row)}`),
        para(ClaimNotice.next.paid),
      ].join(''),
      priority: 'M',
      busType: 'claim_paid',
    });
  }
  return writeNotice(t, {
    ...common,
    titile: ClaimNotice.payFailed(row.claimNo),
    msgAbstract: `失败原因：${outcome.reason}`.slice(0, 500),
    msgContent: [
      para(`您提交的报销单「${row.claimNo} ${row.orgName}」付款失败，款项未付出。`),
      para(`应付金额：${moneyText(amount)} 元`),
      para(`失败原因：${outcome.reason}`),
      para(`收款账户：${accountOf(row)}`),
      para(ClaimNotice.next.payFailed, true),
    ].join(''),
    priority: 'H',
    busType: 'claim_pay_failed',
  });
}
