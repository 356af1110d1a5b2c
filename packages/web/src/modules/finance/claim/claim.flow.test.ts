import { availableActions, claimFlow, ClaimPerm, ClaimStatus, PaymentPerm, type ClaimRecord } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import { payableOf } from './PaymentList.tsx';

const claim = (status: ClaimRecord['status'], editable = true) => ({ status, editable }) as ClaimRecord;
/** The buttons a claim offers, from the one declaration the server guards by. */
const claimActions = (record: ClaimRecord, can: (code: string) => boolean) => availableActions(claimFlow, record, can);
const granted =
  (...codes: string[]) =>
  (code: string) =>
    codes.includes(code);

const org = granted(ClaimPerm.add, ClaimPerm.edit, ClaimPerm.submit, ClaimPerm.delete);
const reviewer = granted(ClaimPerm.bizReview);
const finance = granted(ClaimPerm.financeReview, PaymentPerm.pay, PaymentPerm.fail);

describe('DOMAIN expense claim flow: which actions a claim offers whom', () => {
  it('the organisation edits, submits and deletes its 待提交 claim; 退回补充发票 is edited and resubmitted, not deleted', () => {
    expect(claimActions(claim(ClaimStatus.draft), org)).toEqual(['edit', 'submit', 'delete']);
    expect(claimActions(claim(ClaimStatus.returned), org)).toEqual(['edit', 'submit']);
  });

  it("nothing of the organisation's once submitted, nor on a claim the server says is not the caller's", () => {
    for (const status of [ClaimStatus.bizReview, ClaimStatus.financeReview, ClaimStatus.toPay, ClaimStatus.paid, ClaimStatus.payFailed, ClaimStatus.rejected]) {
      expect(claimActions(claim(status), org)).toEqual([]);
    }
    expect(claimActions(claim(ClaimStatus.draft, false), org)).toEqual([]);
  });

  it('业务审核 only at 待业务审核 for the reviewer, 财务审核 only at 待财务审核 for finance', () => {
    expect(claimActions(claim(ClaimStatus.bizReview), reviewer)).toEqual(['bizReview']);
    expect(claimActions(claim(ClaimStatus.financeReview), reviewer)).toEqual([]);
    expect(claimActions(claim(ClaimStatus.financeReview), finance)).toEqual(['financeReview']);
    expect(claimActions(claim(ClaimStatus.bizReview), finance)).toEqual([]);
  });

  it('finance pays or marks failed what waits for payment (待付款, 付款失败 again), nothing once 已付款', () => {
    expect(claimActions(claim(ClaimStatus.toPay), finance)).toEqual(['pay', 'payFailed']);
    expect(claimActions(claim(ClaimStatus.payFailed), finance)).toEqual(['pay', 'payFailed']);
    expect(claimActions(claim(ClaimStatus.paid), finance)).toEqual([]);
    // the permission decides as well as the state
    expect(claimActions(claim(ClaimStatus.toPay), reviewer)).toEqual([]);
  });

  it('a payment run and the bank file take only the selected claims waiting for payment', () => {
    const rows = [ClaimStatus.toPay, ClaimStatus.paid, ClaimStatus.payFailed].map((status, i) => ({ id: `c${i}`, status }) as ClaimRecord);
    expect(payableOf(rows).map((c) => c.id)).toEqual(['c0', 'c2']);
  });
});
