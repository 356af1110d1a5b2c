import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ADMIN_ROLE_CODE, type DataRuleGrant, type RoleBody, type RoleRecord } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { newId } from '../../../platform/db/ids.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { hasRole } from '../../../platform/access/access.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import type { FlowCtx } from '../../../platform/flow/flow-routes.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { sysPermission, sysPermissionDataRule } from '../permission/permission.table.ts';
import { selectTree } from '../permission/permission.admin.service.ts';
import { sysUser, sysUserRole } from '../user/user.table.ts';
import { listUsers } from '../user/user.admin.service.ts';
import { readUserVersions } from '../user/user-versions.ts';
import { DataTable, withVersions, type VersionReader } from '../../core/datalog/datalog.service.ts';
import { sysRole, sysRolePermission } from './role.table.ts';
import { readRoleGrants } from './role-grants.ts';

export const roleWhitelist: ListResource = {
  table: sysRole,
  fields: fieldsOf(sysRole, { roleName: 'string', roleCode: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

export { ADMIN_ROLE_CODE };

const readRoles: VersionReader = async (db, ids) => new Map((await db.select().from(sysRole).where(inArray(sysRole.id, ids))).map((r) => [r.id, r]));

type RoleRow = typeof sysRole.$inferSelect;

export function toRoleRecord(row: RoleRow): RoleRecord {
  const { id, roleName, roleCode, description, createBy, createTime, updateBy, updateTime } = withDateTexts(row);
  return { id, roleName, roleCode, description, createBy, createTime, updateBy, updateTime };
}

export async function listRoles({ db }: Pick<ResourceCtx, 'db'>, query: ListParams) {
  const page = await pageOf<RoleRow>(db, roleWhitelist, query, { tieBreak: sysRole.id });
  return { ...page, records: page.records.map(toRoleRecord) };
}

/** Every role, oldest first, for the pickers. */
export async function allRoles({ db }: ResourceCtx): Promise<RoleRecord[]> {
  const all = (await db.select().from(sysRole).orderBy(asc(sysRole.createTime))).map(toRoleRecord);
  if (!all.length) throw new BizError('未找到角色信息');
  return all;
}

export async function roleById({ db }: ResourceCtx, id: string): Promise<RoleRecord> {
  const [row] = await db.select().from(sysRole).where(eq(sysRole.id, id));
  if (!row) throw new BizError('未找到对应数据');
  return toRoleRecord(row);
}

async function codeTaken(db: Db, code: string, exceptId?: string) {
  const conds = [eq(sysRole.roleCode, code)];
  if (exceptId) conds.push(ne(sysRole.id, exceptId));
  return (
    (
      await db
        .select({ id: sysRole.id })
        .from(sysRole)
        .where(and(...conds))
        .limit(1)
    ).length > 0
  );
}

/** checkRoleCode: true while no other role has the code. */
export async function checkRoleCode({ db }: ResourceCtx, query: { roleCode: string; id?: string }) {
  if (await codeTaken(db, query.roleCode, query.id)) throw new BizError('角色编码已存在');
  return true;
}

export async function addRole({ db, user: actor }: ResourceCtx, body: RoleBody) {
  if (await codeTaken(db, body.roleCode)) throw new BizError('角色编码已存在');
  const id = newId();
  await withVersions(db, actor, DataTable.role, [id], readRoles, (t) =>
    t.insert(sysRole).values({ id, roleName: body.roleName, roleCode: body.roleCode, description: body.description ?? null, ...created(actor) }),
  );
  return id;
}

export async function editRole({ db, user: actor }: ResourceCtx, body: RoleBody) {
  if (!body.id) throw new BizError('缺少角色ID');
  const [row] = await db.select().from(sysRole).where(eq(sysRole.id, body.id));
  if (!row) throw new BizError('未找到对应角色');
  if (row.roleCode === ADMIN_ROLE_CODE && body.roleCode !== ADMIN_ROLE_CODE) throw new BizError('系统管理员角色的编码不能修改');
  if (await codeTaken(db, body.roleCode, body.id)) throw new BizError('角色编码已存在');
  const id = body.id;
  await withVersions(db, actor, DataTable.role, [id], readRoles, (t) =>
    t
      .update(sysRole)
      .set({ roleName: body.roleName, roleCode: body.roleCode, description: body.description ?? null, ...updated(actor) })
      .where(eq(sysRole.id, id)),
  );
}

/** Removes roles with their grants and user links; the administrator role stays. */
export async function deleteRoles({ db, user: actor }: ResourceCtx, ids: string[]) {
  if (ids.length === 0) throw new BizError('请选择角色');
  const found = await db.select().from(sysRole).where(inArray(sysRole.id, ids));
  if (found.some((r) => r.roleCode === ADMIN_ROLE_CODE)) throw new BizError('系统管理员角色不能删除');
  const members = (await db.select({ userId: sysUserRole.userId }).from(sysUserRole).where(inArray(sysUserRole.roleId, ids))).map((m) => m.userId);
  // the role, its grants and its members' roles each get their version, all in the one transaction
  await withVersions(db, actor, DataTable.role, ids, readRoles, (t) =>
    withVersions(t, actor, DataTable.grant, ids, readRoleGrants, (g) =>
      withVersions(g, actor, DataTable.user, members, readUserVersions, async (u) => {
        await u.delete(sysRolePermission).where(inArray(sysRolePermission.roleId, ids));
        await u.delete(sysUserRole).where(inArray(sysUserRole.roleId, ids));
        await u.delete(sysRole).where(inArray(sysRole.id, ids));
      }),
    ),
  );
}

/** The grant tree; `scopedSlots` lets the JeecgBoot client draw the 数据规则 link on menus with rules. */
export async function roleGrantTree({ db }: ResourceCtx) {
  const tree = await selectTree(db);
  type Node = (typeof tree.treeList)[number];
  const decorate = (n: Node): Node & { scopedSlots: { title: string } } => ({
    ...n,
    scopedSlots: { title: 'hasDatarule' },
    children: n.children?.map(decorate),
  });
  return { treeList: tree.treeList.map(decorate), ids: tree.ids };
}

export const rolePermissionIds = ({ db }: ResourceCtx, query: { roleId: string }) => permissionIdsOf(db, query.roleId);

async function permissionIdsOf(db: Db, roleId: string): Promise<string[]> {
  const found = await db.select({ id: sysRolePermission.permissionId }).from(sysRolePermission).where(eq(sysRolePermission.roleId, roleId));
  return found.map((f) => f.id);
}

/**
 * saveRolePermission (JEECG-API §3.2): inserts what is new, deletes what was dropped. The client's
 * "last" list is not trusted: the diff is against what the database holds. Only existing menu and
 * button rows can be granted, and only an administrator may change the administrator role's grants.
 */
export async function saveRolePermissions({ db, user: actor, request }: FlowCtx, body: { roleId?: string; permissionIds: string }): Promise<null> {
  const { roleId } = body;
  if (!roleId) throw new BizError('缺少角色ID');
  const permissionIds = splitIds(body.permissionIds);
  const actorIsAdmin = await hasRole(db, actor.id, ADMIN_ROLE_CODE);
  const [role] = await db.select().from(sysRole).where(eq(sysRole.id, roleId));
  if (!role) throw new BizError('未找到对应角色');
  if (role.roleCode === ADMIN_ROLE_CODE && !actorIsAdmin) throw new BizError('没有权限修改系统管理员角色的授权');
  if (permissionIds.length) {
    const found = await db
      .select({ id: sysPermission.id })
      .from(sysPermission)
      .where(and(inArray(sysPermission.id, permissionIds), eq(sysPermission.delFlag, 0)));
    if (found.length !== permissionIds.length) throw new BizError('所选权限不存在');
  }
  if (!actorIsAdmin) {
    const held = await rows<{ permission_id: string }>(
      db,
      sql`select rp.permission_id from sys_role_permission rp join sys_user_role ur on ur.role_id = rp.role_id where ur.user_id = ${actor.id}`,
    );
    const mine = new Set(held.map((r) => r.permission_id));
    if (permissionIds.some((p) => !mine.has(p))) throw new BizError('不能授予自己没有的权限');
  }
  const current = await permissionIdsOf(db, roleId);
  const wanted = new Set(permissionIds);
  const toAdd = permissionIds.filter((p) => !current.includes(p));
  const toRemove = current.filter((p) => !wanted.has(p));
  await withVersions(db, actor, DataTable.grant, [roleId], readRoleGrants, async (t) => {
    if (toRemove.length) await t.delete(sysRolePermission).where(and(eq(sysRolePermission.roleId, roleId), inArray(sysRolePermission.permissionId, toRemove)));
    if (toAdd.length) {
      await t
        .insert(sysRolePermission)
        .values(toAdd.map((permissionId) => ({ id: newId(), roleId, permissionId, operateDate: new Date(), operateIp: request.ip.slice(0, 64) })));
    }
  });
  return null;
}

const roleGrantOf = async (db: Db, roleId: string, permissionId: string) =>
  (
    await db
      .select()
      .from(sysRolePermission)
      .where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, permissionId)))
  )[0];

/** The menu's data rules and those the role has; null when the menu has none. */
export async function roleDataRules({ db }: ResourceCtx, { permissionId, roleId }: { permissionId: string; roleId: string }): Promise<DataRuleGrant> {
  const rules = await db.select().from(sysPermissionDataRule).where(eq(sysPermissionDataRule.permissionId, permissionId));
  if (rules.length === 0) throw new BizError('未找到权限配置信息');
  const link = await roleGrantOf(db, roleId, permissionId);
  return { datarule: rules as DataRuleGrant['datarule'], drChecked: link?.dataRuleIds ?? '' };
}

/** The rules must be the menu's own, and the role must already have the menu. */
export async function saveRoleDataRules(
  { db, user: actor }: ResourceCtx,
  { permissionId, roleId, dataRuleIds }: { permissionId: string; roleId: string; dataRuleIds: string },
): Promise<null> {
  const ids = splitIds(dataRuleIds);
  const link = await roleGrantOf(db, roleId, permissionId);
  if (!link) throw new BizError('请先保存角色菜单权限!');
  if (ids.length) {
    const valid = await db
      .select({ id: sysPermissionDataRule.id })
      .from(sysPermissionDataRule)
      .where(and(inArray(sysPermissionDataRule.id, ids), eq(sysPermissionDataRule.permissionId, permissionId)));
    if (valid.length !== ids.length) throw new BizError('所选数据规则不属于该菜单');
  }
  await withVersions(db, actor, DataTable.grant, [roleId], readRoleGrants, (t) =>
    t
      .update(sysRolePermission)
      .set({ dataRuleIds: ids.join(',') || null })
      .where(eq(sysRolePermission.id, link.id)),
  );
  return null;
}

export async function listRoleUsers({ db, deps }: ResourceCtx, query: ListParams) {
  const roleId = typeof query.roleId === 'string' ? query.roleId : '';
  if (!roleId) throw new BizError('缺少角色ID');
  return listUsers(db, await deps.dicts.allItems(), query, [sql`${sysUser.id} in (select user_id from sys_user_role where role_id = ${roleId})`]);
}

/**
 * Adds users to a role. Someone who is not an administrator can only hand out a role they hold
 * themselves, and never to themselves.
 */
export async function addRoleUsers({ db, user: actor }: ResourceCtx, { roleId, userIdList }: { roleId: string; userIdList: string[] }): Promise<null> {
  const [role] = await db.select().from(sysRole).where(eq(sysRole.id, roleId));
  if (!role) throw new BizError('未找到对应角色');
  if (!(await hasRole(db, actor.id, ADMIN_ROLE_CODE))) {
    const mine = await db
      .select()
      .from(sysUserRole)
      .where(and(eq(sysUserRole.userId, actor.id), eq(sysUserRole.roleId, roleId)));
    if (mine.length === 0) throw new BizError('不能授予自己没有的角色');
    if (userIdList.includes(actor.id)) throw new BizError('不能修改自己的角色');
  }
  const users = userIdList.length
    ? await db
        .select({ id: sysUser.id })
        .from(sysUser)
        .where(and(inArray(sysUser.id, userIdList), eq(sysUser.delFlag, 0)))
    : [];
  await withVersions(
    db,
    actor,
    DataTable.user,
    users.map((u) => u.id),
    readUserVersions,
    async (t) => {
      for (const u of users) await t.insert(sysUserRole).values({ id: newId(), userId: u.id, roleId }).onConflictDoNothing();
    },
  );
  return null;
}

/** deleteUserRole and deleteUserRoleBatch: one member, or a comma list. */
export const removeRoleUser = (ctx: ResourceCtx, query: { roleId: string; userId: string }) => removeMembers(ctx, query.roleId, [query.userId]);
export const removeRoleUsers = (ctx: ResourceCtx, query: { roleId: string; userIds: string }) => removeMembers(ctx, query.roleId, splitIds(query.userIds));

/** Nobody changes their own roles, and admin keeps the administrator role. */
async function removeMembers({ db, user: actor }: ResourceCtx, roleId: string, userIds: string[]): Promise<null> {
  if (userIds.includes(actor.id)) throw new BizError('不能修改自己的角色');
  const [role] = await db.select().from(sysRole).where(eq(sysRole.id, roleId));
  if (role?.roleCode === ADMIN_ROLE_CODE) {
    const admins = await db
      .select()
      .from(sysUser)
      .where(and(inArray(sysUser.id, userIds), eq(sysUser.username, 'admin')));
    if (admins.length) throw new BizError('不能移除 admin 的系统管理员角色');
  }
  if (userIds.length)
    await withVersions(db, actor, DataTable.user, userIds, readUserVersions, (t) =>
      t.delete(sysUserRole).where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, userIds))),
    );
  return null;
}

export const resource = { list: listRoles, byId: roleById, add: addRole, edit: editRole, remove: deleteRoles };
