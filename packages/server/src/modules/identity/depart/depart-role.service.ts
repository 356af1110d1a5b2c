import { and, eq, inArray } from 'drizzle-orm';
import type { DepartRoleBody, DepartRoleRecord } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { newId } from '../../../platform/db/ids.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { selectTree } from '../permission/permission.admin.service.ts';
import { sysUserDepart } from '../user/user.table.ts';
import { sysDepart, sysDepartPermission, sysDepartRole, sysDepartRolePermission, sysDepartRoleUser } from './depart.table.ts';
import { diffSave } from './depart.service.ts';

/** 部门角色 list: filters and sorting over these fields only (JEECG-API list conventions). */
export const departRoleWhitelist: ListResource = {
  table: sysDepartRole,
  fields: fieldsOf(sysDepartRole, { roleName: 'string', roleCode: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'asc' },
};

type RoleRow = typeof sysDepartRole.$inferSelect;

/** The department's roles; the client names the department `deptId` or `departId`. */
export async function listDepartRoles({ db }: ResourceCtx, query: ListParams) {
  const deptId = typeof query.deptId === 'string' ? query.deptId : typeof query.departId === 'string' ? query.departId : '';
  if (!deptId) throw new BizError('缺少部门ID');
  const page = await pageOf<RoleRow>(db, departRoleWhitelist, query, { extra: [eq(sysDepartRole.departId, deptId)], tieBreak: sysDepartRole.id });
  return { ...page, records: page.records.map((row): DepartRoleRecord => withDateTexts(row)) };
}

export async function addDepartRole({ db, user: actor }: ResourceCtx, body: DepartRoleBody): Promise<string> {
  const [dep] = await db.select().from(sysDepart).where(eq(sysDepart.id, body.departId));
  if (!dep) throw new BizError('部门不存在');
  const dup = await db
    .select()
    .from(sysDepartRole)
    .where(and(eq(sysDepartRole.departId, body.departId), eq(sysDepartRole.roleCode, body.roleCode)));
  if (dup.length) throw new BizError('该部门下角色编码已存在');
  const id = newId();
  await db
    .insert(sysDepartRole)
    .values({ id, departId: body.departId, roleName: body.roleName, roleCode: body.roleCode, description: body.description ?? null, ...created(actor) });
  return id;
}

export async function editDepartRole({ db, user: actor }: ResourceCtx, body: DepartRoleBody & { id: string }) {
  const changed = await db
    .update(sysDepartRole)
    .set({ roleName: body.roleName, roleCode: body.roleCode, description: body.description ?? null, ...updated(actor) })
    .where(and(eq(sysDepartRole.id, body.id), eq(sysDepartRole.departId, body.departId)))
    .returning();
  if (!changed.length) throw new BizError('未找到对应部门角色');
}

/** Removes department roles with their grants and user links. */
export async function deleteDepartRoles({ db }: ResourceCtx, ids: string[]) {
  await db.transaction(async (t) => {
    await t.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, ids));
    await t.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.roleId, ids));
    await t.delete(sysDepartRole).where(inArray(sysDepartRole.id, ids));
  });
}

const departPermissionIds = async (db: Db, departId: string) =>
  (await db.select({ id: sysDepartPermission.permissionId }).from(sysDepartPermission).where(eq(sysDepartPermission.departId, departId))).map((a) => a.id);

/** The grant tree of a department role: only what its department may use. */
export async function departRoleGrantTree(db: Db, departId: string) {
  return selectTree(db, new Set(await departPermissionIds(db, departId)));
}

export async function departRolePermissionIds(db: Db, roleId: string): Promise<string[]> {
  return (await db.select({ id: sysDepartRolePermission.permissionId }).from(sysDepartRolePermission).where(eq(sysDepartRolePermission.roleId, roleId))).map(
    (f) => f.id,
  );
}

/** Saved by diff against the database, and only within what the role's department may use. */
export async function saveDepartRolePermissions(db: Db, roleId: string, wanted: string[], ip: string) {
  const [role] = await db.select().from(sysDepartRole).where(eq(sysDepartRole.id, roleId));
  if (!role) throw new BizError('未找到对应部门角色');
  const allowed = new Set(await departPermissionIds(db, role.departId));
  if (wanted.some((p) => !allowed.has(p))) throw new BizError('只能授予该部门可用的权限');
  await db.transaction(async (t) => {
    await diffSave({
      current: await t.select().from(sysDepartRolePermission).where(eq(sysDepartRolePermission.roleId, roleId)),
      wanted,
      remove: async (ids) =>
        void (await t
          .delete(sysDepartRolePermission)
          .where(and(eq(sysDepartRolePermission.roleId, roleId), inArray(sysDepartRolePermission.permissionId, ids)))),
      add: async (ids) =>
        void (await t
          .insert(sysDepartRolePermission)
          .values(
            ids.map((permissionId) => ({ id: newId(), departId: role.departId, roleId, permissionId, operateDate: new Date(), operateIp: ip.slice(0, 64) })),
          )),
    });
  });
}

export async function rolesOfDepart(db: Db, departId: string) {
  return db.select().from(sysDepartRole).where(eq(sysDepartRole.departId, departId));
}

/**
 * Sets a user's department roles: those of one department when `departId` is given, else all of
 * them. The roles must be of departments the user belongs to, and nobody sets their own.
 */
export async function setUserDepartRoles(db: Db, actor: SessionUser, userId: string, wanted: string[], departId?: string) {
  if (userId === actor.id) throw new BizError('不能修改自己的角色');
  const roles = wanted.length ? await db.select().from(sysDepartRole).where(inArray(sysDepartRole.id, wanted)) : [];
  if (roles.length !== wanted.length) throw new BizError('所选部门角色不存在');
  const memberOf = new Set((await db.select({ depId: sysUserDepart.depId }).from(sysUserDepart).where(eq(sysUserDepart.userId, userId))).map((d) => d.depId));
  if (roles.some((role) => !memberOf.has(role.departId))) throw new BizError('只能分配用户所在部门的角色');
  if (departId && roles.some((role) => role.departId !== departId)) throw new BizError('所选角色不属于该部门');
  await db.transaction(async (t) => {
    const scope = departId
      ? and(
          eq(sysDepartRoleUser.userId, userId),
          inArray(sysDepartRoleUser.droleId, t.select({ id: sysDepartRole.id }).from(sysDepartRole).where(eq(sysDepartRole.departId, departId))),
        )
      : eq(sysDepartRoleUser.userId, userId);
    await t.delete(sysDepartRoleUser).where(scope);
    if (wanted.length) await t.insert(sysDepartRoleUser).values(wanted.map((droleId) => ({ id: newId(), userId, droleId })));
  });
}

export async function userDepartRoleIds(db: Db, userId: string, departId: string): Promise<string[]> {
  const found = await db
    .select({ id: sysDepartRoleUser.droleId })
    .from(sysDepartRoleUser)
    .innerJoin(sysDepartRole, eq(sysDepartRole.id, sysDepartRoleUser.droleId))
    .where(and(eq(sysDepartRoleUser.userId, userId), eq(sysDepartRole.departId, departId)));
  return found.map((f) => f.id);
}

export const resource = { list: listDepartRoles, add: addDepartRole, edit: editDepartRole, remove: deleteDepartRoles };
