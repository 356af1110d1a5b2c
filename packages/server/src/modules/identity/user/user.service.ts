import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Depart, UserInfo } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { hashPassword } from '../../../platform/auth/password.ts';
import { revokeOtherSessions, type SessionUser } from '../../../platform/auth/session.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { sysDepart } from '../depart/depart.table.ts';
import { sysUser, sysUserDepart } from './user.table.ts';
import { DataTable, withVersions } from '../../core/datalog/datalog.service.ts';
import { readUserVersions } from './user-versions.ts';

export type UserRow = typeof sysUser.$inferSelect;
type DepartRow = typeof sysDepart.$inferSelect;

/** The public user shape: no password hash ever leaves the server. */
export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: row.id,
    username: row.username,
    realname: row.realname,
    avatar: row.avatar,
    birthday: row.birthday,
    sex: row.sex,
    email: row.email,
    phone: row.phone,
    orgCode: row.orgCode,
    status: row.status,
    delFlag: row.delFlag,
    workNo: row.workNo,
    post: row.post,
    telephone: row.telephone,
    userIdentity: row.userIdentity,
    departIds: row.departIds,
    relTenantIds: row.relTenantIds,
    ...withDateTexts({ createBy: row.createBy, createTime: row.createTime, updateBy: row.updateBy, updateTime: row.updateTime }),
  };
}

export function toDepart(row: DepartRow): Depart {
  return {
    id: row.id,
    parentId: row.parentId,
    departName: row.departName,
    orgCode: row.orgCode,
    orgCategory: row.orgCategory,
    orgType: row.orgType,
    departOrder: row.departOrder,
    status: row.status,
  };
}

export async function findActiveUserByUsername(db: Db, username: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0)))
    .limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(sysUser).where(eq(sysUser.id, id)).limit(1);
  return row ?? null;
}

export async function departsOfUser(db: Db, userId: string): Promise<DepartRow[]> {
  const links = await db.select({ depId: sysUserDepart.depId }).from(sysUserDepart).where(eq(sysUserDepart.userId, userId));
  if (links.length === 0) return [];
  return db
    .select()
    .from(sysDepart)
    .where(
      and(
        inArray(
          sysDepart.id,
          links.map((l) => l.depId),
        ),
        eq(sysDepart.delFlag, '0'),
      ),
    )
    .orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));
}

export async function setCurrentOrgCode(db: Db, userId: string, orgCode: string | null): Promise<void> {
  await db.update(sysUser).set({ orgCode }).where(eq(sysUser.id, userId));
}

/** The user's own new password; their other sessions end, this one goes on. */
export async function setOwnPassword(db: Db, me: SessionUser, password: string): Promise<void> {
  const hash = await hashPassword(password);
  // the version shows when the password changed (passwordChangedAt), never the hash
  await withVersions(db, me, DataTable.user, [me.id], readUserVersions, (t) =>
    t
      .update(sysUser)
      .set({ password: hash, passwordMustChange: 0, passwordChangedAt: new Date(), updateBy: me.username, updateTime: new Date() })
      .where(eq(sysUser.id, me.id)),
  );
  await revokeOtherSessions(db, me.id, me.tokenHash);
}
