import {
  availableActions,
  batchFlow,
  BatchPerm,
  BatchStatus,
  DELETABLE_STATUSES,
  EDITABLE_STATUSES,
  isFinalReview,
  needsSecondReview,
  offeredInState,
  WITHDRAWABLE_STATUSES,
  type BatchRecord,
} from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';

/** The buttons a batch offers, from the one declaration the server guards by. */
const batchActions = (batch: Pick<BatchRecord, 'status' | 'editable' | 'withdrawable'>, can: (code: string) => boolean) =>
  availableActions(batchFlow, batch as BatchRecord, can);

const ORG_CODES: string[] = [
  BatchPerm.list,
  BatchPerm.add,
  BatchPerm.edit,
  BatchPerm.delete,
  BatchPerm.submit,
  BatchPerm.withdraw,
  BatchPerm.enforce,
  BatchPerm.progress,
  BatchPerm.closure,
];
const REVIEWER_CODES: string[] = [BatchPerm.list, BatchPerm.review, BatchPerm.closureReview];
const orgUser = (code: string) => ORG_CODES.includes(code);
const reviewer = (code: string) => REVIEWER_CODES.includes(code);

/** A batch as the server answers it to its organisation (editable / withdrawable follow the state). */
const own = (status: BatchRecord['status']) => ({
  status,
  editable: status === BatchStatus.draft || status === BatchStatus.returned,
  withdrawable: ([BatchStatus.pending, BatchStatus.secondReview, BatchStatus.toEnforce, BatchStatus.returned] as string[]).includes(status),
});
/** The same batch as the server answers it to a reviewer: never the reviewer's own to change. */
const others = (status: BatchRecord['status']) => ({ status, editable: false, withdrawable: false });

describe('DOMAIN clue batch flow: the actions each state offers, per permission', () => {
  it('the organisation edits, submits and deletes its 草稿 (nothing to withdraw: it was never submitted)', () => {
    expect(batchActions(own(BatchStatus.draft), orgUser)).toEqual(['edit', 'submit', 'delete']);
  });

  it('退回补正 is edited, resubmitted or withdrawn, never deleted: its review history stays', () => {
    expect(batchActions(own(BatchStatus.returned), orgUser)).toEqual(['edit', 'submit', 'withdraw']);
  });

  it("every state offers 删除 or 撤销 exactly as the server's guards allow, never both", () => {
    for (const status of Object.values(BatchStatus)) {
      const offered = batchActions(own(status), orgUser);
      expect(offered.includes('delete'), status).toBe(EDITABLE_STATUSES.includes(status) && DELETABLE_STATUSES.includes(status));
      expect(offered.includes('withdraw'), status).toBe(WITHDRAWABLE_STATUSES.includes(status));
      expect(offered.includes('delete') && offered.includes('withdraw'), status).toBe(false);
    }
  });

  it('while 待审核 / 待复审 the organisation may only withdraw and the reviewer reviews', () => {
    for (const status of [BatchStatus.pending, BatchStatus.secondReview]) {
      expect(batchActions(own(status), orgUser)).toEqual(['withdraw']);
      expect(batchActions(others(status), reviewer)).toEqual(['review']);
    }
  });

  it('待维权: the organisation starts enforcement (or withdraws, releasing the freeze); nothing for the reviewer', () => {
    expect(batchActions(own(BatchStatus.toEnforce), orgUser)).toEqual(['withdraw', 'startEnforce']);
    expect(batchActions(others(BatchStatus.toEnforce), reviewer)).toEqual([]);
  });

  it("维权中: progress (its tab's form) and 申请结案 for the organisation, no withdrawal any more", () => {
    expect(batchActions(own(BatchStatus.enforcing), orgUser)).toEqual(['applyClosure']);
    for (const status of Object.values(BatchStatus))
      expect(offeredInState(batchFlow, batchFlow.actions.progressAdd, own(status) as BatchRecord), status).toBe(status === BatchStatus.enforcing);
  });

  it("待结案审核 is the reviewer's 结案审核; closed, rejected and withdrawn batches offer nothing", () => {
    expect(batchActions(others(BatchStatus.closurePending), reviewer)).toEqual(['closureReview']);
    expect(batchActions(own(BatchStatus.closurePending), orgUser)).toEqual([]);
    for (const status of [BatchStatus.closed, BatchStatus.rejected, BatchStatus.withdrawn]) {
      expect(batchActions(own(status), orgUser)).toEqual([]);
      expect(batchActions(others(status), reviewer)).toEqual([]);
    }
  });

  it('spec §6: without the button permission the action is not offered, whatever the state', () => {
    const readOnly = (code: string) => code === BatchPerm.list;
    for (const status of Object.values(BatchStatus)) expect(batchActions(own(status), readOnly)).toEqual([]);
    // a reviewer never gets an organisation's buttons, even on a batch the server calls editable
    expect(batchActions(own(BatchStatus.draft), reviewer)).toEqual([]);
  });

  it("a batch the server does not call editable (another organisation's) offers no edit even with the permission", () => {
    expect(batchActions(others(BatchStatus.draft), orgUser)).toEqual([]);
  });
});

describe('DOMAIN clue batch flow: 待复审 only when 申请金额 is above the threshold (one contracts rule, issue 37)', () => {
  it('初审 decides the money at or below the threshold, 复审 always; other states never', () => {
    expect(isFinalReview({ status: BatchStatus.pending, applyAmount: '50000.00' }, '50000')).toBe(true);
    expect(isFinalReview({ status: BatchStatus.pending, applyAmount: '50000.01' }, '50000')).toBe(false);
    expect(isFinalReview({ status: BatchStatus.secondReview, applyAmount: '90000.00' }, '50000')).toBe(true);
    expect(isFinalReview({ status: BatchStatus.closurePending, applyAmount: '1.00' }, '50000')).toBe(false);
  });

  it('a missing or unreadable threshold falls back to the default (50000.00), as the server does', () => {
    expect(isFinalReview({ status: BatchStatus.pending, applyAmount: '60000.00' }, undefined)).toBe(false);
    expect(isFinalReview({ status: BatchStatus.pending, applyAmount: '50000.00' }, '五万')).toBe(true);
    expect(needsSecondReview('50000.01', ' 50000 ')).toBe(true);
    expect(needsSecondReview('80000.00', '100000')).toBe(false);
  });
});
