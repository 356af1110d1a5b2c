import { and, eq, inArray, like, ne, sql, type SQL } from 'drizzle-orm';
import type { DictModel, UserAddBody, UserEditBody, UserRecord } from '@sbwq/contracts';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { manyUnderVersion } from '../../../platform/db/versioned-cache.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { hashPassword } from '../../../platform/auth/password.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { fieldsOf, escapeLike, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { sysDepart } from '../depart/depart.table.ts';
import { sysRole } from '../role/role.table.ts';
import { sysSession } from '../../../platform/auth/session.table.ts';
import { sysUser, sysUserDepart, sysUserRole } from './user.table.ts';
import { toUserInfo, type UserRow } from './user.service.ts';
import { dataRuleConditions } from '../../../platform/list/data-rules.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { DataTable, withVersions } from '../../core/datalog/datalog.service.ts';
import { readUserVersions } from './user-versions.ts';

export const userResource: ListResource = {
  table: sysUser,
  fields: fieldsOf(sysUser, {
    id: ['string', { sort: false }],
    username: 'string',
    realname: 'string',
    phone: 'string',
    email: 'string',
    workNo: 'string',
    sex: 'number',
    status: 'number',
    orgCode: 'string',
    post: 'string',
    createTime: 'datetime',
    updateTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
  countVersion: 'sys_user',
};

type DictMap = Record<string, DictModel[]>;
const textOf = (dicts: DictMap, code: string, value: unknown) =>
  value === null || value === undefined ? undefined : dicts[code]?.find((i) => i.value === String(value))?.text;

export function toUserRecord(row: UserRow, dicts: DictMap, departNames: string | null): UserRecord {
  // a list row names the dictionary values and departments, and keeps the tenants to the edit form
  const { relTenantIds: _tenants, ...info } = toUserInfo(row);
  return { ...info, sex_dictText: textOf(dicts, 'sex', row.sex), orgCodeTxt: departNames, status_dictText: textOf(dicts, 'user_status', row.status) };
}

/** Department names per user, joined with commas (JeecgBoot's orgCodeTxt); remembered per version of the user tables. */
async function departNamesOf(db: Db, userIds: string[]): Promise<Map<string, string | null>> {
  return manyUnderVersion<string | null>(db, 'sys_user', 'departNames', userIds, null, async (missing) => {
    const map = new Map<string, string | null>();
    const found = await db
      .select({ userId: sysUserDepart.userId, name: sysDepart.departName })
      .from(sysUserDepart)
      .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
      .where(inArray(sysUserDepart.userId, missing))
      .orderBy(sysDepart.orgCode);
    for (const r of found) map.set(r.userId, map.has(r.userId) ? `${map.get(r.userId)},${r.name}` : r.name);
    return map;
  });
}

export async function listUsers(db: Db, dicts: DictMap, params: ListParams, extra: SQL[] = []) {
  const depId = typeof params.departId === 'string' ? params.departId : null;
  const scope: SQL[] = [eq(sysUser.delFlag, 0), ...extra];
  const twoWays: { count: SQL; page: SQL }[] = [];
  if (depId) {
    const [dep] = await db.select({ orgCode: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.id, depId));
    if (!dep) return { records: [], total: 0, size: 10, current: 1, pages: 0 };
    // The department and everything under it, looked up first: a prefix LIKE inside the subquery
    // made the planner hash all of sys_user_depart instead of using its dep_id index.
    const ids = (
      await db
        .select({ id: sysDepart.id })
        .from(sysDepart)
        .where(like(sysDepart.orgCode, `${escapeLike(dep.orgCode)}%`))
    ).map((d) => d.id);
    const member = inArray(sysUser.id, db.select({ id: sysUserDepart.userId }).from(sysUserDepart).where(inArray(sysUserDepart.depId, ids)));
    // Counting joins the members to their users. The page walks users newest first and must not look
    // each one up in sys_user_depart (a department's members are often created together, far down
    // that walk): `is true` keeps the subquery apart, so it becomes one hash probed per user.
    twoWays.push({ count: member, page: sql`(${member}) is true` });
  }
  const page = await pageOf<UserRow>(db, userResource, params, { extra: scope, tieBreak: sysUser.id, twoWays, keysFirst: true });
  const names = await departNamesOf(
    db,
    page.records.map((r) => r.id),
  );
  return { ...page, records: page.records.map((r) => toUserRecord(r, dicts, names.get(r.id) ?? null)) };
}

/** The list screen's users: its filter, the departId subtree, and the data rules the asker is under on system/UserList. */
export async function listUsersFor(ctx: ResourceCtx, params: ListParams) {
  const [rules, dicts] = await Promise.all([dataRuleConditions(ctx.db, ctx.user, 'system/UserList', userResource), ctx.deps.dicts.allItems()]);
  return listUsers(ctx.db, dicts, params, rules);
}

export async function userById({ db, deps }: ResourceCtx, id: string): Promise<UserRecord> {
  const [[row], dicts] = await Promise.all([db.select().from(sysUser).where(eq(sysUser.id, id)), deps.dicts.allItems()]);
  if (!row) throw new BizError('未找到对应数据');
  return toUserRecord(row, dicts, null);
}

export async function usersByIds(db: Db, dicts: DictMap, ids: string[]): Promise<UserRecord[]> {
  const found = await db
    .select()
    .from(sysUser)
    .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0)));
  return found.map((u) => toUserRecord(u, dicts, null));
}

/** A user's departments as the tree-select options the JeecgBoot user form reads. */
export async function departOptionsOf(db: Db, userId: string) {
  const found = await db
    .select({ id: sysDepart.id, name: sysDepart.departName })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(eq(sysUserDepart.userId, userId));
  return found.map((d) => ({ key: d.id, value: d.id, title: d.name }));
}

export async function roleIdsOf(db: Db, userId: string): Promise<string[]> {
  return (await db.select({ roleId: sysUserRole.roleId }).from(sysUserRole).where(eq(sysUserRole.userId, userId))).map((r) => r.roleId);
}

export async function roleCodesOf(db: Db, userId: string): Promise<string[]> {
  const found = await db
    .select({ code: sysRole.roleCode })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(eq(sysUserRole.userId, userId));
  return found.map((r) => r.code);
}

/** Which of username / phone / e-mail / work number is already taken by another user (deleted users included). */
export async function findConflict(
  db: Db,
  values: { username?: string | null; phone?: string | null; email?: string | null; workNo?: string | null },
  exceptId?: string,
): Promise<string | null> {
  const checks: [keyof typeof values, string][] = [
    ['username', '用户账号已存在'],
    ['phone', '手机号已存在'],
    ['email', '邮箱已存在'],
    ['workNo', '工号已存在'],
  ];
  for (const [field, message] of checks) {
    const value = values[field];
    if (!value) continue;
    const conds = [eq(sysUser[field], value)];
    if (exceptId) conds.push(ne(sysUser.id, exceptId));
    const [hit] = await db
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(...conds))
      .limit(1);
    if (hit) return message;
  }
  return null;
}

/**
 * Nobody hands out more than they hold: an administrator may grant any role; anyone else only roles
 * they have themselves, and never changes their own roles.
 */
async function checkRoleGrant(db: Db, actor: SessionUser, targetUserId: string | null, roleIds: string[]) {
  const actorRoles = await roleCodesOf(db, actor.id);
  if (actorRoles.includes('admin')) return;
  if (targetUserId === actor.id) throw new BizError('不能修改自己的角色');
  const mine = new Set(await roleIdsOf(db, actor.id));
  if (roleIds.some((id) => !mine.has(id))) throw new BizError('不能授予自己没有的角色');
}

async function checkRefs(db: Db, roleIds: string[], departIds: string[]) {
  if (roleIds.length) {
    const found = await db.select({ id: sysRole.id }).from(sysRole).where(inArray(sysRole.id, roleIds));
    if (found.length !== new Set(roleIds).size) throw new BizError('所选角色不存在');
  }
  if (departIds.length) {
    const found = await db
      .select({ id: sysDepart.id })
      .from(sysDepart)
      .where(and(inArray(sysDepart.id, departIds), eq(sysDepart.delFlag, '0')));
    if (found.length !== new Set(departIds).size) throw new BizError('所选部门不存在');
  }
}

async function replaceLinks(db: Db, userId: string, roleIds: string[] | null, departIds: string[] | null) {
  if (roleIds) {
    await db.delete(sysUserRole).where(eq(sysUserRole.userId, userId));
    if (roleIds.length) await db.insert(sysUserRole).values([...new Set(roleIds)].map((roleId) => ({ id: newId(), userId, roleId })));
  }
  if (departIds) {
    await db.delete(sysUserDepart).where(eq(sysUserDepart.userId, userId));
    if (departIds.length) await db.insert(sysUserDepart).values([...new Set(departIds)].map((depId) => ({ id: newId(), userId, depId })));
  }
}

/** The profile fields a user form sets, the same on add and edit. */
function profileOf(body: UserAddBody | UserEditBody) {
  return {
    realname: body.realname,
    email: body.email,
    phone: body.phone,
    workNo: body.workNo,
    sex: body.sex,
    birthday: body.birthday,
    avatar: body.avatar,
    post: body.post,
    telephone: body.telephone,
    userIdentity: body.userIdentity,
    departIds: body.departIds,
  };
}

export async function addUser({ db, user: actor }: ResourceCtx, body: UserAddBody): Promise<string> {
  if (body.confirmpassword !== undefined && body.confirmpassword !== body.password) throw new BizError('两次输入的密码不一样！');
  if (!isStrongPassword(body.password)) throw new BizError(PASSWORD_RULE_MESSAGE);
  const roleIds = splitIds(body.selectedroles);
  const departIds = splitIds(body.selecteddeparts);
  await checkRefs(db, roleIds, departIds);
  await checkRoleGrant(db, actor, null, roleIds);
  const conflict = await findConflict(db, body);
  if (conflict) throw new BizError(conflict);
  const hash = await hashPassword(body.password);
  const id = newId();
  const firstDepart = departIds.length
    ? ((await db.select({ orgCode: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.id, departIds[0])))[0]?.orgCode ?? null)
    : null;
  await withVersions(db, actor, DataTable.user, [id], readUserVersions, async (t) => {
    await t.insert(sysUser).values({
      id,
      username: body.username,
      password: hash,
      ...profileOf(body),
      orgCode: firstDepart,
      status: 1,
      delFlag: 0,
      createBy: actor.username,
      createTime: new Date(),
    });
    await replaceLinks(t, id, roleIds, departIds);
  });
  return id;
}

export async function editUser({ db, user: actor }: ResourceCtx, body: UserEditBody): Promise<void> {
  const [existing] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.id, body.id), eq(sysUser.delFlag, 0)));
  if (!existing) throw new BizError('未找到对应用户');
  const roleIds = body.selectedroles === undefined ? null : splitIds(body.selectedroles);
  const departIds = body.selecteddeparts === undefined ? null : splitIds(body.selecteddeparts);
  await checkRefs(db, roleIds ?? [], departIds ?? []);
  if (roleIds) {
    const current = await roleIdsOf(db, body.id);
    const changed = current.length !== roleIds.length || current.some((r) => !roleIds.includes(r));
    if (changed)
      await checkRoleGrant(
        db,
        actor,
        body.id,
        roleIds.filter((r) => !current.includes(r)),
      );
  }
  const conflict = await findConflict(db, { phone: body.phone, email: body.email, workNo: body.workNo }, body.id);
  if (conflict) throw new BizError(conflict);
  await withVersions(db, actor, DataTable.user, [body.id], readUserVersions, async (t) => {
    await t
      .update(sysUser)
      .set({
        ...profileOf(body),
        updateBy: actor.username,
        updateTime: new Date(),
      })
      .where(eq(sysUser.id, body.id));
    await replaceLinks(t, body.id, roleIds, departIds);
  });
}

/** Soft delete (recoverable from the recycle bin); nobody deletes or freezes themself or the built-in admin. */
export async function guardTargets(db: Db, actor: SessionUser, ids: string[]) {
  if (ids.length === 0) throw new BizError('请选择用户');
  if (ids.includes(actor.id)) throw new BizError('不能对当前登录用户执行此操作');
  const protectedRows = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(inArray(sysUser.id, ids), eq(sysUser.username, 'admin')));
  if (protectedRows.length) throw new BizError('不能对系统管理员账号 admin 执行此操作');
}

export async function deleteUsers({ db, user: actor }: ResourceCtx, ids: string[]) {
  await guardTargets(db, actor, ids);
  await withVersions(db, actor, DataTable.user, ids, readUserVersions, async (t) => {
    await t.update(sysUser).set({ delFlag: 1, updateBy: actor.username, updateTime: new Date() }).where(inArray(sysUser.id, ids));
    await t
      .update(sysSession)
      .set({ revokedAt: new Date() })
      .where(and(inArray(sysSession.userId, ids), sql`${sysSession.revokedAt} is null`));
  });
}

export async function setStatus(db: Db, actor: SessionUser, ids: string[], status: number) {
  await guardTargets(db, actor, ids);
  await withVersions(db, actor, DataTable.user, ids, readUserVersions, (t) =>
    t
      .update(sysUser)
      .set({ status, updateBy: actor.username, updateTime: new Date() })
      .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 0))),
  );
}

export async function resetPassword(db: Db, actor: SessionUser, username: string, password: string) {
  if (!isStrongPassword(password)) throw new BizError(PASSWORD_RULE_MESSAGE);
  const [user] = await db
    .select()
    .from(sysUser)
    .where(and(eq(sysUser.username, username), eq(sysUser.delFlag, 0)));
  if (!user) throw new BizError('用户不存在！');
  const hash = await hashPassword(password);
  // the version shows when the password changed (passwordChangedAt), never the hash
  await withVersions(db, actor, DataTable.user, [user.id], readUserVersions, async (t) => {
    await t
      .update(sysUser)
      .set({ password: hash, passwordMustChange: 0, passwordChangedAt: new Date(), updateBy: actor.username, updateTime: new Date() })
      .where(eq(sysUser.id, user.id));
    if (user.id !== actor.id) {
      await t
        .update(sysSession)
        .set({ revokedAt: new Date() })
        .where(and(eq(sysSession.userId, user.id), sql`${sysSession.revokedAt} is null`));
    }
  });
}

export async function usersOfDepart(db: Db, dicts: DictMap, departId: string, realname: string | undefined) {
  const [dep] = await db.select({ orgCode: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.id, departId));
  if (!dep) return [];
  const conds: SQL[] = [
    eq(sysUser.delFlag, 0),
    sql`${sysUser.id} in (select ud.user_id from sys_user_depart ud join sys_depart d on d.id = ud.dep_id where d.org_code like ${`${dep.orgCode}%`})`,
  ];
  if (realname) conds.push(like(sysUser.realname, `%${realname.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const found = await db
    .select()
    .from(sysUser)
    .where(and(...conds))
    .orderBy(sysUser.username)
    .limit(2000);
  const names = await departNamesOf(
    db,
    found.map((u) => u.id),
  );
  return found.map((u) => toUserRecord(u, dicts, names.get(u.id) ?? null));
}

export async function recycleBin(db: Db, dicts: DictMap) {
  const found = await db.select().from(sysUser).where(eq(sysUser.delFlag, 1)).orderBy(sysUser.username).limit(2000);
  return found.map((u) => toUserRecord(u, dicts, null));
}

export async function restoreUsers(db: Db, actor: SessionUser, ids: string[]) {
  await withVersions(db, actor, DataTable.user, ids, readUserVersions, (t) =>
    t
      .update(sysUser)
      .set({ delFlag: 0, updateBy: actor.username, updateTime: new Date() })
      .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 1))),
  );
}

/** Deleting for good removes the user's links and sessions with them. */
export async function purgeUsers(db: Db, actor: SessionUser, ids: string[]) {
  await withVersions(db, actor, DataTable.user, ids, readUserVersions, async (t) => {
    const gone = await t
      .delete(sysUser)
      .where(and(inArray(sysUser.id, ids), eq(sysUser.delFlag, 1)))
      .returning({ id: sysUser.id });
    const goneIds = gone.map((g) => g.id);
    if (goneIds.length === 0) return;
    await t.delete(sysUserRole).where(inArray(sysUserRole.userId, goneIds));
    await t.delete(sysUserDepart).where(inArray(sysUserDepart.userId, goneIds));
    await t.delete(sysSession).where(inArray(sysSession.userId, goneIds));
  });
}

export const resource = { list: listUsersFor, byId: userById, add: addUser, edit: editUser, remove: deleteUsers };
