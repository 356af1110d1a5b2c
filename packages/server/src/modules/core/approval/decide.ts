import type { SQL } from 'drizzle-orm';
import { ApprovalBizType, decisionNode, RightsMsg, type ApproveBody, type FlowActionDecl, type FlowRoutes } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { transition, type FlowStore } from '../../../platform/flow/transition.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { pingMonitor } from '../../../platform/socket/monitor-ping.ts';
import { pushNotice, writeNotice, type Notice, type WrittenNotice } from '../notice/delivery.ts';
import { noticeText, type TemplateVars } from '../notice/notice-template.ts';
import { assertNotSelf, writeApproval, type ApprovalWrite } from './approval.service.ts';

type Acts = Record<string, FlowActionDecl<never>>;

/**
 * One approval step on one record: a decision action of a flow (its `decision` names the approval
 * record's 业务类型 and 节点). What every step does the same way lives here: refuse a missing record and
 * self-approval, take the step through `transition` (the declared from, who and to, a conditional update,
 * so of two concurrent deciders one wins), check the submitter again on the row the update returned (it
 * may have been resubmitted in between), write the data-log version and the approval record in the same
 * transaction, and tell the submitter. The caller says only what is particular to the step.
 */
export type Decision<A extends Acts, Row extends { id: string }> = {
  flow: FlowRoutes<A>;
  action: keyof A & string;
  store: FlowStore;
  /**
   * the record as it stands, or undefined (→ 记录不存在); the decision is taken on it as read — the
   * conditional update refuses it when its state has moved on since
   */
  find: () => Promise<Row | undefined>;
  /** who submitted it; they may not decide it, and they are told the result */
  submitterOf: (row: Row) => string | null;
  /** the outcome reached, a key of the action's declared `to` (default the body's result) */
  outcome?: string;
  /** the step's own columns (opinion, amounts, who decided when), written with the state */
  patch: (row: Row, now: Date) => Record<string, unknown>;
  /** the step's own rules, after the declared ones and before the write (see `TransitionOptions.check`) */
  check?: (t: Db, row: Row) => Promise<void | Record<string, unknown>>;
  /** more conditions of the conditional update (a soft-delete flag) */
  where?: SQL[];
  /** the refusal worked out from the record as it now stands, in place of the declaration's */
  refuse?: (t: Db) => Promise<string>;
  /** more writes of the decision, before its approval record; returns the row as it now stands */
  andThen?: (t: Db, row: Row, now: Date) => Promise<Row>;
  /** what the approval record says about the decided row (its type and node come from the declaration) */
  approval: (row: Row) => Pick<ApprovalWrite, 'bizTitle' | 'orgId' | 'sysOrgCode'>;
  /** the page (an app route) where the submitter finds the decided record */
  page: (row: Row) => string;
  /**
   * The submitter's message when the standard one (the bare result) would mislead or leave them
   * guessing: `standard(words)` is the standard message with the step's words (what happened, amounts,
   * the next step); a step whose message differs in more than words (its urgency, its readers, its
   * business type) returns a message of its own, built on `standard()`. Written in the decision's transaction.
   */
  notice?: (row: Row, t: Db, standard: (words?: NoticeWords) => Promise<Notice>) => Notice | Promise<Notice>;
};

/**
 * The message of a decision whose bare result would mislead or leave the submitter guessing (a pass that
 * only moves on to 复审, an amount cut): the template that words it and the step's own variables (facts
 * the code composes), beside the standard ones every decision template gets (see `decisionNotice`).
 */
export type NoticeWords = { template: string; vars?: TemplateVars };

/** A decision's result and remark; 退回补正 (`returned`) is a result of the clue-batch reviews. */
export type DecisionBody = Pick<ApproveBody, 'opinion'> & { result: ApproveBody['result'] | 'returned' };

export async function decide<A extends Acts, Row extends { id: string }>(
  db: Db,
  sockets: SocketHub,
  user: SessionUser,
  body: DecisionBody,
  d: Decision<A, Row>,
): Promise<Row> {
  const declared = d.flow.actions[d.action].decision;
  if (!declared) throw new Error(`${d.flow.basePath} ${d.action}: not declared a decision`);
  const before = await d.find();
  if (!before) throw new BizError(RightsMsg.notFound);
  assertNotSelf(d.submitterOf(before), user);
  const node = decisionNode(d.flow, d.action, d.flow.actions[d.action], before);
  const { row, notice } = await db.transaction(async (t) => {
    const now = new Date();
    const changed = await transition(t, d.store, d.flow, d.action, before, user, d.patch(before, now), {
      outcome: d.outcome ?? body.result,
      submitter: d.submitterOf(before),
      now,
      version: false,
      where: d.where,
      refuse: d.refuse,
      check: d.check && (() => d.check!(t, before)),
    });
    const submitter = d.submitterOf(changed);
    assertNotSelf(submitter, user);
    const decided = d.andThen ? await d.andThen(t, changed, now) : changed;
    const approval = { ...d.approval(decided), bizType: declared.bizType, node };
    await writeApproval(t, user, { ...approval, bizId: decided.id, result: body.result, opinion: body.opinion }, now);
    // 数据日志: the status change's version, beside its approval record (the record as read before the decision → as decided).
    await d.store.version?.(t, user, decided.id, before, decided, now);
    // The message is part of the decision: written with it, or (rolled back) not at all.
    const written = submitter
      ? await writeNotice(t, await noticeOf(d, t, decided, (words) => decisionNotice(t, user, body, approval, decided.id, submitter, d.page(decided), words)))
      : null;
    return { row: decided, notice: written };
  });
  // Pushed only once the decision is committed: nobody is told of a decision that did not happen.
  if (notice) await pushSafely(sockets, notice);
  pingMonitor(sockets);
  return row;
}

/** The step's message: its own (`notice`), or the standard one. */
const noticeOf = <A extends Acts, Row extends { id: string }>(d: Decision<A, Row>, t: Db, row: Row, standard: (words?: NoticeWords) => Promise<Notice>) =>
  d.notice ? d.notice(row, t, standard) : standard();

/** A lost push only delays the message to the bell's next poll; it must not turn a committed decision into an error. */
async function pushSafely(sockets: SocketHub, notice: WrittenNotice) {
  try {
    await pushNotice(sockets, notice);
  } catch {
    // the delivery row is written; the bell's 6 s poll shows it
  }
}

/** What the submitter's message calls each kind of record (the `${subject}` of a decision template). */
const SUBJECT: Record<string, string> = {
  [ApprovalBizType.enrol]: '机构入驻申请',
  [ApprovalBizType.certify]: '机构认证材料',
  [ApprovalBizType.right]: '受保护权利',
  [ApprovalBizType.threaded]: '线索批次',
  [ApprovalBizType.closure]: '结案申请',
  [ApprovalBizType.claim]: '报销单',
  [ApprovalBizType.bank]: '银行账户',
};

/** Each kind's own template, so that an administrator words (say) the enrolment result apart from the bank account's. */
const TEMPLATE: Record<string, string> = {
  [ApprovalBizType.enrol]: 'org_enrol_result',
  [ApprovalBizType.certify]: 'org_certify_result',
  [ApprovalBizType.right]: 'right_review_result',
  [ApprovalBizType.bank]: 'bank_review_result',
};

const RESULT_TEXT: Record<DecisionBody['result'], string> = { pass: '已通过', reject: '已驳回', returned: '已退回补正' };

/**
 * The system message (系统消息, msgCategory 2) a decision sends its submitter, from its template (the
 * kind's own, or the step's `words`): the result, the record, who decided and the remark, and a link
 * (去处理) to the page where the record is; its 摘要 is the content's text. Every decision template may use
 * `${subject}` `${bizTitle}` `${record}` (「bizTitle」 or nothing) `${result}` `${approver}` `${opinion}`.
 */
export async function decisionNotice(
  t: Db,
  approver: SessionUser,
  body: DecisionBody,
  approval: Pick<ApprovalWrite, 'bizType' | 'bizTitle'>,
  bizId: string,
  submitter: string,
  page: string,
  words?: NoticeWords,
): Promise<Notice> {
  const remark = body.opinion?.trim() ? body.opinion.trim() : '无';
  const vars = {
    subject: SUBJECT[approval.bizType] ?? '审批事项',
    bizTitle: approval.bizTitle ?? '',
    record: approval.bizTitle ? `「${approval.bizTitle}」` : '',
    result: RESULT_TEXT[body.result],
    approver: approver.realname || approver.username,
    opinion: remark,
    ...words?.vars,
  };
  const text = await noticeText(t, words?.template ?? TEMPLATE[approval.bizType] ?? 'approval_result', vars);
  return {
    // a record without a title leaves the title's trailing 「：」 with nothing after it
    titile: text.titile.replace(/：$/, ''),
    msgAbstract: text.msgAbstract,
    msgContent: text.msgContent,
    userIds: [submitter],
    sender: approver.username,
    msgCategory: '2' as const,
    priority: body.result === 'pass' ? ('L' as const) : ('M' as const),
    busType: `approval_${approval.bizType}`,
    busId: bizId,
    openType: 'url' as const,
    openPage: page,
  };
}

/** The audit columns and update stamp a decision writes on tables that use `audit_*` (bank, right, org enrolment). */
export const audited = (user: SessionUser, body: DecisionBody, now: Date) => ({
  auditOpinion: body.opinion,
  auditBy: user.realname || user.username,
  auditTime: now,
  updateBy: user.username,
  updateTime: now,
});
