import { BatchPerm, BatchStatus, DELETABLE_STATUSES, EDITABLE_STATUSES, MONEY_PATTERN, toCents, WITHDRAWABLE_STATUSES, type BatchRecord } from '@sbwq/contracts';

/** What can be done to a batch from its list row or its detail page. */
export type BatchActionKey = 'edit' | 'submit' | 'withdraw' | 'delete' | 'review' | 'startEnforce' | 'progress' | 'applyClosure' | 'closureReview';

type Subject = Pick<BatchRecord, 'status' | 'editable' | 'withdrawable'>;

/**
 * DOMAIN clue batch flow: which action a state allows, and the permission it needs, on the state lists
 * the server's guards use. The organisation edits and submits its 草稿 / 退回补正, deletes a 草稿 and
 * withdraws a submitted batch before 维权中, 退回补正 included (the server's `editable` and
 * `withdrawable` also say it is the caller's own batch); reviewers decide 待审核 / 待复审 and 待结案审核;
 * the organisation starts enforcement at 待维权, logs progress and applies for closure while 维权中.
 */
const RULES: Record<BatchActionKey, { code: string; allowed: (b: Subject) => boolean }> = {
  edit: { code: BatchPerm.edit, allowed: (b) => b.editable && EDITABLE_STATUSES.includes(b.status) },
  submit: { code: BatchPerm.submit, allowed: (b) => b.editable && EDITABLE_STATUSES.includes(b.status) },
  delete: { code: BatchPerm.delete, allowed: (b) => b.editable && DELETABLE_STATUSES.includes(b.status) },
  withdraw: { code: BatchPerm.withdraw, allowed: (b) => b.withdrawable && WITHDRAWABLE_STATUSES.includes(b.status) },
  review: { code: BatchPerm.review, allowed: (b) => b.status === BatchStatus.pending || b.status === BatchStatus.secondReview },
  startEnforce: { code: BatchPerm.enforce, allowed: (b) => b.status === BatchStatus.toEnforce },
  progress: { code: BatchPerm.progress, allowed: (b) => b.status === BatchStatus.enforcing },
  applyClosure: { code: BatchPerm.closure, allowed: (b) => b.status === BatchStatus.enforcing },
  closureReview: { code: BatchPerm.closureReview, allowed: (b) => b.status === BatchStatus.closurePending },
};

export const batchActionCode = (key: BatchActionKey) => RULES[key].code;

/** Whether the action shows for this batch, given the caller's button permissions (spec §6). */
export function canDo(key: BatchActionKey, batch: Subject, can: (code: string) => boolean): boolean {
  return can(RULES[key].code) && RULES[key].allowed(batch);
}

/** The actions a batch offers the caller, in the order the screens show them. */
export function batchActions(batch: Subject, can: (code: string) => boolean): BatchActionKey[] {
  return (Object.keys(RULES) as BatchActionKey[]).filter((key) => canDo(key, batch, can));
}

/** The state alone (no permission): for row actions, whose permission ListPage checks from their code. */
export const allowedInState = (key: BatchActionKey, batch: Subject) => RULES[key].allowed(batch);

/**
 * The review that decides the money (核定金额): 复审 always; 初审 when 申请金额 is not above the 复审
 * threshold (DOMAIN: 待复审 only above it). `threshold` is the dictionary's text; an unusable one
 * falls back to the server's default, as the server does.
 */
export function isFinalReview(batch: Pick<BatchRecord, 'status' | 'applyAmount'>, threshold: string | undefined, fallback: string): boolean {
  if (batch.status === BatchStatus.secondReview) return true;
  if (batch.status !== BatchStatus.pending) return false;
  const limit = threshold && MONEY_PATTERN.test(threshold.trim()) ? threshold.trim() : fallback;
  return toCents(batch.applyAmount) <= toCents(limit);
}
