import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  AuditStatus,
  BATCH_SETTING_DICT,
  BatchMsg,
  BatchStatus,
  chinaToday,
  fitsMoneyColumn,
  fromCents,
  MoneyMsg,
  PoolStatus,
  rightFlags,
  SECOND_REVIEW_THRESHOLD_KEY,
  toCents,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { finCapitalPool } from '../../core/ledger/pool.table.ts';
import type { OrgRow } from '../../core/org/org.table.ts';
import { rightsRight } from '../right/right.table.ts';
import { rightsBatch } from '../../core/tables/batch.table.ts';

/** Legal states in which a mark can no longer be enforced: 已注销, 已宣告无效. */
export const DEAD_LEGAL_STATUSES = ['5', '6'];

/**
 * The 涉及权利 of a batch: each must be the organisation's own approved record whose mark is not past
 * its grace period (已过期), whose authorisation has not ended and which is not cancelled or invalidated
 * (DOMAIN.md: an expired mark or authorisation blocks new clue batches). The refusal names the record.
 * Answers the display text of the rights, in the order given.
 */
export async function checkRights(db: Db, org: OrgRow, ids: string[], today = chinaToday()): Promise<string> {
  const found = await db
    .select()
    .from(rightsRight)
    .where(and(inArray(rightsRight.id, ids), eq(rightsRight.delFlag, '0'), eq(rightsRight.orgId, org.id)));
  const byId = new Map(found.map((r) => [r.id, r]));
  const names: string[] = [];
  for (const id of ids) {
    const right = byId.get(id);
    if (!right) throw new BizError(BatchMsg.rightNotOwn);
    const name = `${right.trademarkName}（第${right.niceClass}类 ${right.regNo}）`;
    const flags = rightFlags(right.expireDate, right.authEndDate, today);
    if (right.auditStatus !== AuditStatus.approved) throw new BizError(BatchMsg.rightNotUsable(name, '未通过审核'));
    if (flags.expired) throw new BizError(BatchMsg.rightNotUsable(name, '商标专用权已过期'));
    if (flags.authExpired) throw new BizError(BatchMsg.rightNotUsable(name, '授权已过期'));
    if (DEAD_LEGAL_STATUSES.includes(right.legalStatus)) throw new BizError(BatchMsg.rightNotUsable(name, '已注销或被宣告无效'));
    names.push(name);
  }
  return names.join('、');
}

export type PoolTerms = { id: string; poolName: string; subsidyPerCase: string; orgCap: string | null };

/** The pool a batch applies to: it must be 启用 and have a 单件补贴标准. */
export async function usablePool(db: Db, poolId: string): Promise<PoolTerms> {
  const [pool] = await db.select().from(finCapitalPool).where(eq(finCapitalPool.id, poolId));
  if (!pool) throw new BizError(BatchMsg.poolRequired);
  if (pool.status !== PoolStatus.active) throw new BizError(BatchMsg.poolNotActive);
  if (pool.subsidyPerCase === null || toCents(pool.subsidyPerCase) <= 0n) throw new BizError(BatchMsg.poolNoSubsidy);
  return { id: pool.id, poolName: pool.poolName, subsidyPerCase: pool.subsidyPerCase, orgCap: pool.orgCap };
}

/** Statuses in which a batch holds (or held) approved money of its pool. */
export const APPROVED_STATUSES = [BatchStatus.toEnforce, BatchStatus.enforcing, BatchStatus.closurePending, BatchStatus.closed];

/**
 * What the organisation may still draw from the pool under its 单机构上限: the cap less the approved
 * amounts it holds there (核定 − 已解冻), other than `exceptBatchId`. A pool is one year's fund
 * (资金池 年度), so "this year" is the pool. Null when the pool has no cap.
 */
export async function capLeft(db: Db, pool: PoolTerms, orgId: string, exceptBatchId: string | null): Promise<bigint | null> {
  if (pool.orgCap === null) return null;
  const [{ held }] = await rows<{ held: string }>(
    db,
    sql`select coalesce(sum(approved_amount - released_amount), 0)::text as held from ${rightsBatch}
         where pool_id = ${pool.id} and org_id = ${orgId} and del_flag = '0' and status in ${APPROVED_STATUSES}
           and approved_amount is not null and id <> ${exceptBatchId ?? ''}`,
  );
  const left = toCents(pool.orgCap) - toCents(held);
  return left > 0n ? left : 0n;
}

/** What the refusal of a 申请金额 beyond its numeric(14,2) column names. */
export const APPLY_AMOUNT_LABEL = '申请金额（线索数量 × 单件补贴标准）';

/**
 * 申请金额 = 线索数量 × 单件补贴标准, capped by what the organisation may still draw from the pool.
 * Without a cap the product can pass what the column holds: refused with the limit, nothing written.
 */
export async function applyAmountOf(db: Db, pool: PoolTerms, orgId: string, batchId: string | null, itemCount: number): Promise<string> {
  const wanted = BigInt(itemCount) * toCents(pool.subsidyPerCase);
  const left = await capLeft(db, pool, orgId, batchId);
  const amount = left === null || wanted < left ? wanted : left;
  if (!fitsMoneyColumn(amount)) throw new BizError(MoneyMsg.overColumn(APPLY_AMOUNT_LABEL));
  return fromCents(amount);
}

/** The 复审 threshold's text: item `second_review_threshold` of the `threaded_setting` dictionary, editable in 字典管理 (read by `needsSecondReview`). */
export async function secondReviewSetting(db: Db): Promise<string | null> {
  const [found] = await rows<{ text: string }>(
    db,
    sql`select i.item_text as text from sys_dict_item i join sys_dict d on d.id = i.dict_id
         where d.dict_code = ${BATCH_SETTING_DICT} and i.item_value = ${SECOND_REVIEW_THRESHOLD_KEY} and i.status = 1 limit 1`,
  );
  return found?.text ?? null;
}

/** 成功率 = 成功 ÷ (成功 + 失败), 不构成侵权 excluded; percent with 2 decimals, rounded half up; null without any judged item. */
export function successRate(success: number, failed: number): string | null {
  const judged = success + failed;
  if (judged === 0) return null;
  const basisPoints = (BigInt(success) * 10000n * 2n + BigInt(judged)) / (BigInt(judged) * 2n);
  return fromCents(basisPoints);
}
