import { CLAIM_EDITABLE_STATUSES, CLAIM_PAYABLE_STATUSES, ClaimPerm, ClaimStatus, PaymentPerm, type ClaimRecord } from '@sbwq/contracts';

/** What can be done to a claim from its list row or its detail. */
export type ClaimActionKey = 'edit' | 'submit' | 'delete' | 'bizReview' | 'financeReview' | 'pay' | 'payFailed';

type Subject = Pick<ClaimRecord, 'status' | 'editable'>;

/**
 * DOMAIN.md expense claim flow: the organisation edits and submits its 待提交 / 退回补充发票 claims and
 * deletes a 待提交 one (the server's `editable` also says it is the caller's own); the reviewer decides
 * 待业务审核, finance 待财务审核, and finance pays or marks failed what waits for payment (待付款, 付款失败).
 */
const RULES: Record<ClaimActionKey, { code: string; allowed: (c: Subject) => boolean }> = {
  edit: { code: ClaimPerm.edit, allowed: (c) => c.editable && CLAIM_EDITABLE_STATUSES.includes(c.status) },
  submit: { code: ClaimPerm.submit, allowed: (c) => c.editable && CLAIM_EDITABLE_STATUSES.includes(c.status) },
  delete: { code: ClaimPerm.delete, allowed: (c) => c.editable && c.status === ClaimStatus.draft },
  bizReview: { code: ClaimPerm.bizReview, allowed: (c) => c.status === ClaimStatus.bizReview },
  financeReview: { code: ClaimPerm.financeReview, allowed: (c) => c.status === ClaimStatus.financeReview },
  pay: { code: PaymentPerm.pay, allowed: (c) => CLAIM_PAYABLE_STATUSES.includes(c.status) },
  payFailed: { code: PaymentPerm.fail, allowed: (c) => CLAIM_PAYABLE_STATUSES.includes(c.status) },
};

export const claimActionCode = (key: ClaimActionKey) => RULES[key].code;

/** Whether the action shows for this claim, given the caller's button permissions (spec §6). */
export function canDo(key: ClaimActionKey, claim: Subject, can: (code: string) => boolean): boolean {
  return can(RULES[key].code) && RULES[key].allowed(claim);
}

/** The actions a claim offers the caller, in the order the screens show them. */
export function claimActions(claim: Subject, can: (code: string) => boolean, keys: readonly ClaimActionKey[] = Object.keys(RULES) as ClaimActionKey[]): ClaimActionKey[] {
  return keys.filter((key) => canDo(key, claim, can));
}

/** The state alone (no permission): for row actions, whose permission ListPage checks from their code. */
export const allowedInState = (key: ClaimActionKey, claim: Subject) => RULES[key].allowed(claim);
