import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { RoleBody, RoleRecord } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { ListResource } from '../../../platform/list/list-query.ts';
import { sysPermission } from '../permission/permission.table.ts';
import { sysUserRole } from '../user/user.table.ts';
import { sysRole, sysRolePermission } from './role.table.ts';

export const roleResource: ListResource = {
  table: sysRole,
  fields: {
    roleName: { column: sysRole.roleName, type: 'string' },
    roleCode: { column: sysRole.roleCode, type: 'string' },
    createTime: { column: sysRole.createTime, type: 'datetime' },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
};

export const ADMIN_ROLE_CODE = 'admin';

export function toRoleRecord(row: typeof sysRole.$inferSelect): RoleRecord {
  return {
    id: row.id,
    roleName: row.roleName,
    roleCode: row.roleCode,
    description: row.description,
    createBy: row.createBy,
    createTime: formatDateTime(row.createTime),
    updateBy: row.updateBy,
    updateTime: formatDateTime(row.updateTime),
  };
}

async function codeTaken(db: Db, code: string, exceptId?: string) {
  const conds = [eq(sysRole.roleCode, code)];
  if (exceptId) conds.push(ne(sysRole.id, exceptId));
  return (await db.select({ id: sysRole.id }).from(sysRole).where(and(...conds)).limit(1)).length > 0;
}

export async function roleCodeAvailable(db: Db, code: string, exceptId?: string) {
  return !(await codeTaken(db, code, exceptId));
}

export async function addRole(db: Db, actor: SessionUser, body: RoleBody) {
  if (await codeTaken(db, body.roleCode)) throw new BizError('角色编码已存在');
  const id = newId();
  await db.insert(sysRole).values({ id, roleName: body.roleName, roleCode: body.roleCode, description: body.description ?? null, createBy: actor.username, createTime: new Date() });
  return id;
}

export async function editRole(db: Db, actor: SessionUser, body: RoleBody) {
  if (!body.id) throw new BizError('缺少角色ID');
  const [row] = await db.select().from(sysRole).where(eq(sysRole.id, body.id));
  if (!row) throw new BizError('未找到对应角色');
  if (row.roleCode === ADMIN_ROLE_CODE && body.roleCode !== ADMIN_ROLE_CODE) throw new BizError('系统管理员角色的编码不能修改');
  if (await codeTaken(db, body.roleCode, body.id)) throw new BizError('角色编码已存在');
  await db
    .update(sysRole)
    .set({ roleName: body.roleName, roleCode: body.roleCode, description: body.description ?? null, updateBy: actor.username, updateTime: new Date() })
    .where(eq(sysRole.id, body.id));
}

/** Removes roles with their grants and user links; the administrator role stays. */
export async function deleteRoles(db: Db, ids: string[]) {
  if (ids.length === 0) throw new BizError('请选择角色');
  const rows = await db.select().from(sysRole).where(inArray(sysRole.id, ids));
  if (rows.some((r) => r.roleCode === ADMIN_ROLE_CODE)) throw new BizError('系统管理员角色不能删除');
  await db.transaction(async (t) => {
    await t.delete(sysRolePermission).where(inArray(sysRolePermission.roleId, ids));
    await t.delete(sysUserRole).where(inArray(sysUserRole.roleId, ids));
    await t.delete(sysRole).where(inArray(sysRole.id, ids));
  });
}

/**
 * saveRolePermission (JEECG-API §3.2): inserts what is new, deletes what was dropped. The client's
 * "last" list is not trusted: the diff is against what the database holds. Only existing menu and
 * button rows can be granted, and only an administrator may change the administrator role's grants.
 */
export async function saveRolePermissions(db: Db, actor: SessionUser, roleId: string, permissionIds: string[], ip: string, actorIsAdmin: boolean) {
  const [role] = await db.select().from(sysRole).where(eq(sysRole.id, roleId));
  if (!role) throw new BizError('未找到对应角色');
  if (role.roleCode === ADMIN_ROLE_CODE && !actorIsAdmin) throw new BizError('没有权限修改系统管理员角色的授权');
  if (permissionIds.length) {
    const found = await db.select({ id: sysPermission.id }).from(sysPermission).where(and(inArray(sysPermission.id, permissionIds), eq(sysPermission.delFlag, 0)));
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
  const current = (await db.select({ permissionId: sysRolePermission.permissionId }).from(sysRolePermission).where(eq(sysRolePermission.roleId, roleId))).map((r) => r.permissionId);
  const wanted = new Set(permissionIds);
  const toAdd = permissionIds.filter((p) => !current.includes(p));
  const toRemove = current.filter((p) => !wanted.has(p));
  await db.transaction(async (t) => {
    if (toRemove.length) await t.delete(sysRolePermission).where(and(eq(sysRolePermission.roleId, roleId), inArray(sysRolePermission.permissionId, toRemove)));
    if (toAdd.length) {
      await t.insert(sysRolePermission).values(toAdd.map((permissionId) => ({ id: newId(), roleId, permissionId, operateDate: new Date(), operateIp: ip.slice(0, 64) })));
    }
  });
}
