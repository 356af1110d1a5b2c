import { eq, inArray, sql } from 'drizzle-orm';
import { namedIn, type FileKind } from '../../core/files/file-kinds.ts';
import { sysUser } from './user.table.ts';

/** A user's 头像 is a stored file that no upload links: the user whose avatar it still is keeps it. */
export const avatarFileKind: FileKind = {
  bizType: 'sys_user',
  titles: async (db, ids) =>
    (await db.select({ id: sysUser.id, realname: sysUser.realname }).from(sysUser).where(inArray(sysUser.id, ids))).map((u) => [u.id, u.realname]),
  uses: namedIn({ table: sysUser, columns: [sysUser.avatar], live: eq(sysUser.delFlag, 0), title: sql<string>`${sysUser.realname}`, what: '用户头像' }),
};
