import { RightsMsg, type ApproveBody } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { assertNotSelf, writeApproval, type ApprovalWrite } from './approval.service.ts';

/**
 * One approval step on one record (bank account, protected right, enrolment, certification). The
 * tables and status columns differ, so the caller writes the conditional update; what every step must
 * do the same way lives here: refuse a missing record and self-approval, move the record only if it is
 * still pending, check the submitter again on the row the update returned (it may have been
 * resubmitted in between), and write the approval record in the same transaction.
 */
export type Decision<Row extends { id: string }> = {
  /** the record as it stands, or undefined (→ 记录不存在) */
  find: () => Promise<Row | undefined>;
  /** who submitted it; they may not decide it */
  submitterOf: (row: Row) => string | null;
  /** the update from pending to the decided status; returns the changed row, or nothing when the record was not pending */
  transition: (t: Db, now: Date) => Promise<Row | undefined>;
  /** the refusal when the record was not pending (read inside the transaction) */
  notPending: (t: Db) => Promise<string>;
  /** more writes of the decision, before its approval record; returns the row as it now stands */
  andThen?: (t: Db, row: Row, now: Date) => Promise<Row>;
  /** what the approval record says about the decided row */
  approval: (row: Row) => Pick<ApprovalWrite, 'bizType' | 'bizTitle' | 'node' | 'orgId' | 'sysOrgCode'>;
};

export async function decide<Row extends { id: string }>(db: Db, user: SessionUser, body: ApproveBody, d: Decision<Row>): Promise<Row> {
  const before = await d.find();
  if (!before) throw new BizError(RightsMsg.notFound);
  assertNotSelf(d.submitterOf(before), user);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const now = new Date();
    const changed = await d.transition(t, now);
    if (!changed) throw new BizError(await d.notPending(t));
    assertNotSelf(d.submitterOf(changed), user);
    const row = d.andThen ? await d.andThen(t, changed, now) : changed;
    await writeApproval(t, user, { ...d.approval(row), bizId: row.id, result: body.result, opinion: body.opinion }, now);
    return row;
  });
}

/** The audit columns and update stamp a decision writes on tables that use `audit_*` (bank, right, org enrolment). */
export const audited = (user: SessionUser, body: ApproveBody, now: Date) => ({
  auditOpinion: body.opinion,
  auditBy: user.realname || user.username,
  auditTime: now,
  updateBy: user.username,
  updateTime: now,
});
