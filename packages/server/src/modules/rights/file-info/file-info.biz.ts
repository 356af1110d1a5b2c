import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { sysAnnouncement } from '../../system/announcement/announcement.table.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';
import { BANK_FILE_BIZ } from '../bank/bank.service.ts';
import { findMyOrg } from '../../core/org/org-context.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { ORG_FILE_BIZ } from '../org/org.service.ts';
import { rightsRight } from '../right/right.table.ts';
import { RIGHT_FILE_BIZ } from '../right/right.service.ts';
import { ANNOUNCEMENT_BIZ, isStaff } from '../../core/files/file-info.service.ts';

/** The records an upload may name as its 所属业务 (announcement images are linked when the announcement is saved). */
export const UPLOAD_BIZ_TYPES = new Set<string>([RIGHT_FILE_BIZ, ORG_FILE_BIZ, BANK_FILE_BIZ]);

export const FileBizMsg = {
  typeBad: '所属业务类型不正确',
  recordMissing: '所属业务记录不存在或无权查看',
  fileTypeBad: '文件类型不正确',
} as const;

const bankTitle = (b: { bankName: string; accountNo: string; accountName: string }) => `${b.bankName} 尾号${b.accountNo.slice(-4)}（${b.accountName}）`;
const rightTitle = (r: { trademarkName: string; regNo: string; niceClass: string }) => `${r.trademarkName}（注册号 ${r.regNo}，第${r.niceClass}类）`;

/**
 * What each linked record is called (商标名称 + 注册号, 机构名称, 银行账户, 通告标题), keyed `type:id`, so that
 * 文件信息 names the record and not just its module. One query per type over the page's ids.
 */
export async function bizTitles(db: Db, files: { bizType: string | null; bizId: string | null }[]): Promise<Map<string, string>> {
  const ids = (type: string) => [...new Set(files.filter((f) => f.bizType === type && f.bizId).map((f) => f.bizId!))];
  const titles = new Map<string, string>();
  const rightIds = ids(RIGHT_FILE_BIZ);
  if (rightIds.length) {
    const found = await db.select({ id: rightsRight.id, trademarkName: rightsRight.trademarkName, regNo: rightsRight.regNo, niceClass: rightsRight.niceClass }).from(rightsRight).where(and(inArray(rightsRight.id, rightIds), eq(rightsRight.delFlag, '0')));
    for (const r of found) titles.set(`${RIGHT_FILE_BIZ}:${r.id}`, rightTitle(r));
  }
  const orgIds = ids(ORG_FILE_BIZ);
  if (orgIds.length) {
    for (const o of await db.select({ id: rightsOrg.id, orgName: rightsOrg.orgName }).from(rightsOrg).where(inArray(rightsOrg.id, orgIds))) {
      titles.set(`${ORG_FILE_BIZ}:${o.id}`, o.orgName);
    }
  }
  const bankIds = ids(BANK_FILE_BIZ);
  if (bankIds.length) {
    const found = await db.select({ id: rightsBankAccount.id, bankName: rightsBankAccount.bankName, accountNo: rightsBankAccount.accountNo, accountName: rightsBankAccount.accountName }).from(rightsBankAccount).where(and(inArray(rightsBankAccount.id, bankIds), eq(rightsBankAccount.delFlag, '0')));
    for (const b of found) titles.set(`${BANK_FILE_BIZ}:${b.id}`, bankTitle(b));
  }
  const anntIds = ids(ANNOUNCEMENT_BIZ);
  if (anntIds.length) {
    const found = await db.select({ id: sysAnnouncement.id, titile: sysAnnouncement.titile }).from(sysAnnouncement).where(and(inArray(sysAnnouncement.id, anntIds), eq(sysAnnouncement.delFlag, '0')));
    for (const a of found) titles.set(`${ANNOUNCEMENT_BIZ}:${a.id}`, a.titile);
  }
  return titles;
}

/**
 * An upload that names its record: the type must be one of the rights records and the record one the
 * user may see (staff: any; an organisation: its own organisation, rights records and bank accounts).
 * Answers the department code of the record's organisation, which the file then carries so that the
 * organisation sees a file staff attached to its record.
 */
export async function checkBizLink(db: Db, user: SessionUser, bizType: string, bizId: string): Promise<string | null> {
  if (!UPLOAD_BIZ_TYPES.has(bizType)) throw new BizError(FileBizMsg.typeBad);
  const staff = await isStaff(db, user.id);
  const mine = staff ? null : await findMyOrg(db, user);
  if (!staff && !mine) throw new BizError(FileBizMsg.recordMissing);
  let found: { orgId: string; sysOrgCode: string | null } | undefined;
  if (bizType === RIGHT_FILE_BIZ) {
    [found] = await db.select({ orgId: rightsRight.orgId, sysOrgCode: rightsRight.sysOrgCode }).from(rightsRight).where(and(eq(rightsRight.id, bizId), eq(rightsRight.delFlag, '0')));
  } else if (bizType === BANK_FILE_BIZ) {
    [found] = await db.select({ orgId: rightsBankAccount.orgId, sysOrgCode: rightsBankAccount.sysOrgCode }).from(rightsBankAccount).where(and(eq(rightsBankAccount.id, bizId), eq(rightsBankAccount.delFlag, '0')));
  } else {
    [found] = await db.select({ orgId: rightsOrg.id, sysOrgCode: rightsOrg.sysOrgCode }).from(rightsOrg).where(eq(rightsOrg.id, bizId));
  }
  if (!found || (mine && found.orgId !== mine.id)) throw new BizError(FileBizMsg.recordMissing);
  return found.sysOrgCode;
}
