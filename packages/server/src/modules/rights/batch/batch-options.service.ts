import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { AuditStatus, chinaToday, fromCents, PoolStatus, rightFlags, type BatchPoolOption, type BatchRightOption } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { finCapitalPool } from '../../core/ledger/pool.table.ts';
import { requireReadyOrg } from '../../core/org/org-context.ts';
import { rightsRight } from '../right/right.table.ts';
import { capLeft, DEAD_LEGAL_STATUSES } from './batch-rules.ts';

/** The form's 涉及权利: what `checkRights` would accept, so the form offers nothing the save refuses. */
export async function usableRights(db: Db, user: SessionUser, today = chinaToday()): Promise<BatchRightOption[]> {
  const org = await requireReadyOrg(db, user);
  const found = await db
    .select()
    .from(rightsRight)
    .where(and(eq(rightsRight.orgId, org.id), eq(rightsRight.auditStatus, AuditStatus.approved), eq(rightsRight.delFlag, '0')))
    .orderBy(asc(rightsRight.trademarkName), asc(rightsRight.niceClass));
  return found
    .filter((r) => {
      const flags = rightFlags(r.expireDate, r.authEndDate, today);
      return !flags.expired && !flags.authExpired && !DEAD_LEGAL_STATUSES.includes(r.legalStatus);
    })
    .map((r) => ({
      id: r.id,
      label: `${r.trademarkName}（第${r.niceClass}类 ${r.regNo}）`,
      trademarkName: r.trademarkName,
      regNo: r.regNo,
      niceClass: r.niceClass,
      expireDate: r.expireDate,
      authEndDate: r.authEndDate,
    }));
}

/** The form's 资金池: active pools with a 单件补贴标准, and what the caller's organisation may still draw from each. */
export async function poolOptions(db: Db, user: SessionUser): Promise<BatchPoolOption[]> {
  const org = await requireReadyOrg(db, user);
  const pools = await db
    .select()
    .from(finCapitalPool)
    .where(and(eq(finCapitalPool.status, PoolStatus.active), isNotNull(finCapitalPool.subsidyPerCase)))
    .orderBy(asc(finCapitalPool.poolYear), asc(finCapitalPool.poolCode));
  const options: BatchPoolOption[] = [];
  for (const p of pools) {
    const left = await capLeft(db, { id: p.id, poolName: p.poolName, subsidyPerCase: p.subsidyPerCase!, orgCap: p.orgCap }, org.id, null);
    options.push({
      id: p.id,
      poolName: p.poolName,
      poolYear: p.poolYear,
      subsidyPerCase: p.subsidyPerCase!,
      orgCap: p.orgCap,
      capLeft: left === null ? null : fromCents(left),
      balanceAmount: p.balanceAmount ?? '0.00',
    });
  }
  return options;
}
