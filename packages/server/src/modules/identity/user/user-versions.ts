import { inArray } from 'drizzle-orm';
import type { VersionReader } from '../../core/datalog/datalog.service.ts';
import { sysUser, sysUserDepart, sysUserRole } from './user.table.ts';

/**
 * Users as their data-log versions keep them: the profile, status, roles and departments (who may do
 * what is configuration, so its changes are in the hash chain), never the password hash.
 */
export const readUserVersions: VersionReader = async (db, ids) => {
  const users = await db.select().from(sysUser).where(inArray(sysUser.id, ids));
  const roles = await db.select({ userId: sysUserRole.userId, ref: sysUserRole.roleId }).from(sysUserRole).where(inArray(sysUserRole.userId, ids));
  const departs = await db.select({ userId: sysUserDepart.userId, ref: sysUserDepart.depId }).from(sysUserDepart).where(inArray(sysUserDepart.userId, ids));
  const refsOf = (links: { userId: string; ref: string }[], id: string) =>
    links
      .filter((l) => l.userId === id)
      .map((l) => l.ref)
      .sort();
  return new Map(users.map(({ password: _hash, ...user }) => [user.id, { ...user, roleIds: refsOf(roles, user.id), departs: refsOf(departs, user.id) }]));
};
