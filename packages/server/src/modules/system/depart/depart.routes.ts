import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { departBody, grantBody } from '@sbwq/contracts';
import { BizError, fail, ok } from '../../../platform/http/envelope.ts';
import { newId } from '../../../platform/db/ids.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { hasRole } from '../../../platform/access/access.ts';
import { pageOf, type ListResource } from '../../../platform/list/list-query.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sysPermission } from '../permission/permission.table.ts';
import { selectTree } from '../permission/permission.admin.service.ts';
import { idQuery, idsQuery, splitIds, splitList } from '../../../platform/http/ids.ts';
import { sysUser, sysUserDepart } from '../user/user.table.ts';
import { findUserById } from '../user/user.service.ts';
import { listUsers, userResource } from '../user/user.admin.service.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { sysDepart, sysDepartPermission, sysDepartRole, sysDepartRolePermission, sysDepartRoleUser } from './depart.table.ts';
import { activeDeparts, addDepart, buildTree, deleteDeparts, diffSave, editDepart, searchDeparts, toIdTree } from './depart.service.ts';

/** 部门角色 list: filters and sorting over these fields only (JEECG-API list conventions). */
const departRoleList: ListResource = {
  table: sysDepartRole,
  fields: {
    roleName: { column: sysDepartRole.roleName, type: 'string' },
    roleCode: { column: sysDepartRole.roleCode, type: 'string' },
    createTime: { column: sysDepartRole.createTime, type: 'datetime' },
  },
  defaultSort: { field: 'createTime', order: 'asc' },
};

const tags = ['部门管理'];
const departRoleQuery = listQuerySchema(departRoleList, {
  deptId: z.string().max(36).optional().describe('部门ID（必填，也可写作 departId）'),
  departId: z.string().max(36).optional().describe('部门ID（deptId 的另一写法）'),
});
const departUserQuery = listQuerySchema(userResource, { depId: z.string({ error: '缺少部门ID' }).min(1, '缺少部门ID').max(36).describe('部门ID（不含下级部门）') });

const departRoleBody = z.object({
  id: z.string().max(36).optional(),
  departId: z.string({ error: '缺少部门ID' }).min(1).max(36),
  roleName: z.string({ error: '请输入部门角色名称' }).trim().min(1, '请输入部门角色名称').max(100),
  roleCode: z.string({ error: '请输入部门角色编码' }).trim().regex(/^[A-Za-z][A-Za-z0-9_]{1,49}$/, '角色编码以字母开头，只能包含字母、数字和下划线'),
  description: z.string().trim().max(255).optional().nullable(),
});

/** 部门管理 (JEECG-API §4.2, §5.7, §3.3), guarded by system:depart:* codes. */
export async function departRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const existingPermissionIds = async (ids: string[]) => {
    if (ids.length === 0) return;
    const found = await db.select({ id: sysPermission.id }).from(sysPermission).where(and(inArray(sysPermission.id, ids), eq(sysPermission.delFlag, 0)));
    if (found.length !== ids.length) throw new BizError('所选权限不存在');
  };

  r.get('/sys/sysDepart/queryTreeList', { config: { signedIn: true }, schema: { tags, summary: '部门树（全部字段）' } }, async () =>
    ok(buildTree(await activeDeparts(db)), '操作成功！', 200),
  );

  r.get('/sys/sysDepart/queryIdTree', { config: { signedIn: true }, schema: { tags, summary: '部门树（选择用）' } }, async () =>
    ok(toIdTree(buildTree(await activeDeparts(db))), '操作成功！', 200),
  );

  r.get(
    '/sys/sysDepart/searchBy',
    { config: { signedIn: true }, schema: { tags, summary: '按名称搜索部门', querystring: z.object({ keyWord: z.string().max(100).default(''), myDeptSearch: z.string().max(2).optional() }) } },
    async (request) => {
      let within: string[] | null = null;
      if (request.query.myDeptSearch === '1') {
        const me = await findUserById(db, request.user!.id);
        within = splitList(me?.departIds);
      }
      const found = await searchDeparts(db, request.query.keyWord, within);
      return found.length ? ok(found, '操作成功！', 200) : fail('未查询匹配数据！');
    },
  );

  r.get('/sys/sysDepart/queryMyDeptTreeList', { config: { signedIn: true }, schema: { tags, summary: '我负责的部门树', description: '上级身份（user_identity=2）返回所负责部门的树，message 为 "2"；否则 result 为 null，message 为 "1"。' } }, async (request) => {
    const me = await findUserById(db, request.user!.id);
    if (!me || me.userIdentity !== 2) return ok(null, '1', 200);
    const ids = new Set(splitList(me.departIds));
    const all = await activeDeparts(db);
    const codes = all.filter((d) => ids.has(d.id)).map((d) => d.orgCode);
    return ok(buildTree(all.filter((d) => codes.some((c) => d.orgCode.startsWith(c)))), '2', 200);
  });

  r.post('/sys/sysDepart/add', { config: { permission: 'system:depart:add' }, schema: { tags, summary: '添加部门', description: 'org_code 按层级自动生成（A01、A01A01…）。', body: departBody } }, async (request) =>
    ok(await addDepart(db, request.user!, request.body), '添加成功！', 200),
  );

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepart/edit',
    config: { permission: 'system:depart:edit' },
    schema: { tags, summary: '编辑部门', body: departBody },
    handler: async (request) => {
      await editDepart(db, request.user!, request.body);
      return ok(null, '修改成功!', 200);
    },
  });

  r.delete('/sys/sysDepart/delete', { config: { permission: 'system:depart:delete' }, schema: { tags, summary: '删除部门（有下级或用户时拒绝）', querystring: idQuery } }, async (request) => {
    await deleteDeparts(db, [request.query.id]);
    return ok(null, '删除成功!', 200);
  });

  r.delete('/sys/sysDepart/deleteBatch', { config: { permission: 'system:depart:delete' }, schema: { tags, summary: '批量删除部门', querystring: idsQuery() } }, async (request) => {
    await deleteDeparts(db, splitIds(request.query.ids));
    return ok(null, '删除成功!', 200);
  });

  r.get(
    '/sys/permission/queryDepartPermission',
    { config: { permission: 'system:depart:grant' }, schema: { tags, summary: '部门可用的权限ID', querystring: z.object({ departId: z.string().min(1).max(36) }) } },
    async (request) => {
      const found = await db.select({ id: sysDepartPermission.permissionId }).from(sysDepartPermission).where(eq(sysDepartPermission.departId, request.query.departId));
      return ok(found.map((f) => f.id), '操作成功！', 200);
    },
  );

  r.post(
    '/sys/permission/saveDepartPermission',
    { config: { permission: 'system:depart:grant' }, schema: { tags, summary: '保存部门可用的权限', body: grantBody } },
    async (request) => {
      const departId = request.body.departId;
      if (!departId) throw new BizError('缺少部门ID');
      if (!(await hasRole(db, request.user!.id, 'admin'))) throw new BizError('只有系统管理员可以设置部门权限');
      const wanted = splitIds(request.body.permissionIds);
      await existingPermissionIds(wanted);
      await db.transaction(async (tx) => {
        const t = tx as unknown as typeof db;
        await diffSave({
          current: await t.select().from(sysDepartPermission).where(eq(sysDepartPermission.departId, departId)),
          wanted,
          remove: async (ids) => void (await t.delete(sysDepartPermission).where(and(eq(sysDepartPermission.departId, departId), inArray(sysDepartPermission.permissionId, ids)))),
          add: async (ids) => void (await t.insert(sysDepartPermission).values(ids.map((permissionId) => ({ id: newId(), departId, permissionId })))),
        });
      });
      return ok(null, '保存成功！', 200);
    },
  );

  r.get('/sys/sysDepartRole/list', { config: { permission: 'system:depart:role' }, schema: { tags, summary: '部门角色列表', querystring: departRoleQuery } }, async (request) => {
    const deptId = typeof request.query.deptId === 'string' ? request.query.deptId : typeof request.query.departId === 'string' ? request.query.departId : '';
    if (!deptId) throw new BizError('缺少部门ID');
    const page = await pageOf<typeof sysDepartRole.$inferSelect>(db, departRoleList, request.query, { extra: [eq(sysDepartRole.departId, deptId)], tieBreak: sysDepartRole.id });
    const records = page.records.map((d) => ({ ...d, createTime: formatDateTime(d.createTime), updateTime: formatDateTime(d.updateTime) }));
    return ok({ ...page, records }, '操作成功！', 200);
  });

  r.post('/sys/sysDepartRole/add', { config: { permission: 'system:depart:role' }, schema: { tags, summary: '添加部门角色', body: departRoleBody } }, async (request) => {
    const b = request.body;
    const [dep] = await db.select().from(sysDepart).where(eq(sysDepart.id, b.departId));
    if (!dep) throw new BizError('部门不存在');
    const dup = await db.select().from(sysDepartRole).where(and(eq(sysDepartRole.departId, b.departId), eq(sysDepartRole.roleCode, b.roleCode)));
    if (dup.length) throw new BizError('该部门下角色编码已存在');
    const id = newId();
    await db.insert(sysDepartRole).values({ id, departId: b.departId, roleName: b.roleName, roleCode: b.roleCode, description: b.description ?? null, createBy: request.user!.username, createTime: new Date() });
    return ok(id, '添加成功！', 200);
  });

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepartRole/edit',
    config: { permission: 'system:depart:role' },
    schema: { tags, summary: '编辑部门角色', body: departRoleBody.extend({ id: z.string().min(1).max(36) }) },
    handler: async (request) => {
      const b = request.body;
      const updated = await db
        .update(sysDepartRole)
        .set({ roleName: b.roleName, roleCode: b.roleCode, description: b.description ?? null, updateBy: request.user!.username, updateTime: new Date() })
        .where(and(eq(sysDepartRole.id, b.id), eq(sysDepartRole.departId, b.departId)))
        .returning();
      if (!updated.length) throw new BizError('未找到对应部门角色');
      return ok(null, '编辑成功!', 200);
    },
  });

  const deleteDepartRoles = async (ids: string[]) => {
    await db.transaction(async (tx) => {
      const t = tx as unknown as typeof db;
      await t.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, ids));
      await t.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.roleId, ids));
      await t.delete(sysDepartRole).where(inArray(sysDepartRole.id, ids));
    });
  };
  r.delete('/sys/sysDepartRole/delete', { config: { permission: 'system:depart:role' }, schema: { tags, summary: '删除部门角色', querystring: idQuery } }, async (request) => {
    await deleteDepartRoles([request.query.id]);
    return ok(null, '删除成功!', 200);
  });
  r.delete('/sys/sysDepartRole/deleteBatch', { config: { permission: 'system:depart:role' }, schema: { tags, summary: '批量删除部门角色', querystring: idsQuery() } }, async (request) => {
    await deleteDepartRoles(splitIds(request.query.ids));
    return ok(null, '批量删除成功!', 200);
  });

  r.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { config: { permission: 'system:depart:role' }, schema: { tags, summary: '部门角色授权用的权限树（限于部门可用权限）', querystring: z.object({ departId: z.string().min(1).max(36) }) } },
    async (request) => {
      const allowed = await db.select({ id: sysDepartPermission.permissionId }).from(sysDepartPermission).where(eq(sysDepartPermission.departId, request.query.departId));
      return ok(await selectTree(db, new Set(allowed.map((a) => a.id))), '操作成功！', 200);
    },
  );

  r.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: { permission: 'system:depart:role' }, schema: { tags, summary: '部门角色已授权的权限ID', querystring: z.object({ roleId: z.string().min(1).max(36) }) } },
    async (request) => {
      const found = await db.select({ id: sysDepartRolePermission.permissionId }).from(sysDepartRolePermission).where(eq(sysDepartRolePermission.roleId, request.query.roleId));
      return ok(found.map((f) => f.id), '操作成功！', 200);
    },
  );

  r.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    { config: { permission: 'system:depart:role' }, schema: { tags, summary: '保存部门角色授权（只能在部门可用权限之内）', body: grantBody } },
    async (request) => {
      const roleId = request.body.roleId;
      if (!roleId) throw new BizError('缺少角色ID');
      const [role] = await db.select().from(sysDepartRole).where(eq(sysDepartRole.id, roleId));
      if (!role) throw new BizError('未找到对应部门角色');
      const wanted = splitIds(request.body.permissionIds);
      const allowed = new Set((await db.select({ id: sysDepartPermission.permissionId }).from(sysDepartPermission).where(eq(sysDepartPermission.departId, role.departId))).map((a) => a.id));
      if (wanted.some((p) => !allowed.has(p))) throw new BizError('只能授予该部门可用的权限');
      await db.transaction(async (tx) => {
        const t = tx as unknown as typeof db;
        await diffSave({
          current: await t.select().from(sysDepartRolePermission).where(eq(sysDepartRolePermission.roleId, roleId)),
          wanted,
          remove: async (ids) => void (await t.delete(sysDepartRolePermission).where(and(eq(sysDepartRolePermission.roleId, roleId), inArray(sysDepartRolePermission.permissionId, ids)))),
          add: async (ids) =>
            void (await t.insert(sysDepartRolePermission).values(ids.map((permissionId) => ({ id: newId(), departId: role.departId, roleId, permissionId, operateDate: new Date(), operateIp: request.ip.slice(0, 64) })))),
        });
      });
      return ok(null, '保存成功！', 200);
    },
  );

  r.get('/sys/user/departUserList', { config: { permission: 'system:depart:user' }, schema: { tags, summary: '部门下的用户（不含下级）', querystring: departUserQuery } }, async (request) => {
    const depId = typeof request.query.depId === 'string' ? request.query.depId : '';
    if (!depId) throw new BizError('缺少部门ID');
    return ok(await listUsers(db, await deps.dicts.allItems(), request.query, [sql`${sysUser.id} in (select user_id from sys_user_depart where dep_id = ${depId})`]), '操作成功！', 200);
  });

  r.post(
    '/sys/user/editSysDepartWithUser',
    { config: { permission: 'system:depart:user' }, schema: { tags, summary: '向部门添加用户', body: z.object({ depId: z.string().min(1).max(36), userIdList: z.array(z.string().max(36)).max(5000) }) } },
    async (request) => {
      const { depId, userIdList } = request.body;
      const [dep] = await db.select().from(sysDepart).where(and(eq(sysDepart.id, depId), eq(sysDepart.delFlag, '0')));
      if (!dep) throw new BizError('部门不存在');
      const users = userIdList.length ? await db.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, userIdList), eq(sysUser.delFlag, 0))) : [];
      for (const u of users) await db.insert(sysUserDepart).values({ id: newId(), userId: u.id, depId }).onConflictDoNothing();
      return ok(null, '添加成功!', 200);
    },
  );

  const removeFromDepart = async (depId: string, userIds: string[]) => {
    if (userIds.length) await db.delete(sysUserDepart).where(and(eq(sysUserDepart.depId, depId), inArray(sysUserDepart.userId, userIds)));
  };
  r.delete(
    '/sys/user/deleteUserInDepart',
    { config: { permission: 'system:depart:user' }, schema: { tags, summary: '把用户移出部门', querystring: z.object({ depId: z.string().min(1).max(36), userId: z.string().min(1).max(36) }) } },
    async (request) => {
      await removeFromDepart(request.query.depId, [request.query.userId]);
      return ok(null, '删除成功!', 200);
    },
  );
  r.delete(
    '/sys/user/deleteUserInDepartBatch',
    { config: { permission: 'system:depart:user' }, schema: { tags, summary: '把多个用户移出部门', querystring: z.object({ depId: z.string().min(1).max(36), userIds: z.string().min(1).max(20_000) }) } },
    async (request) => {
      await removeFromDepart(request.query.depId, splitIds(request.query.userIds));
      return ok(null, '删除成功!', 200);
    },
  );

  r.get(
    '/sys/sysDepartRole/getDeptRoleList',
    { config: { permission: 'system:depart:user' }, schema: { tags, summary: '部门的角色（给成员分配用）', querystring: z.object({ departId: z.string().min(1).max(36) }) } },
    async (request) => ok(await db.select().from(sysDepartRole).where(eq(sysDepartRole.departId, request.query.departId)), '操作成功！', 200),
  );

  r.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    {
      config: { permission: 'system:depart:user' },
      schema: {
        tags,
        summary: '设置用户在部门中的角色',
        description: '传 departId 时只替换该部门的角色；不传时替换该用户的全部部门角色。',
        body: z.object({ userId: z.string().min(1).max(36), departId: z.string().max(36).optional(), newRoleId: z.string().max(20_000).default(''), oldRoleId: z.string().max(20_000).optional() }),
      },
    },
    async (request) => {
      const { userId, newRoleId, departId } = request.body;
      if (userId === request.user!.id) throw new BizError('不能修改自己的角色');
      const wanted = splitIds(newRoleId);
      const roles = wanted.length ? await db.select().from(sysDepartRole).where(inArray(sysDepartRole.id, wanted)) : [];
      if (roles.length !== wanted.length) throw new BizError('所选部门角色不存在');
      const memberOf = new Set((await db.select({ depId: sysUserDepart.depId }).from(sysUserDepart).where(eq(sysUserDepart.userId, userId))).map((d) => d.depId));
      if (roles.some((role) => !memberOf.has(role.departId))) throw new BizError('只能分配用户所在部门的角色');
      if (departId && roles.some((role) => role.departId !== departId)) throw new BizError('所选角色不属于该部门');
      await db.transaction(async (tx) => {
        const t = tx as unknown as typeof db;
        const scope = departId
          ? and(eq(sysDepartRoleUser.userId, userId), inArray(sysDepartRoleUser.droleId, t.select({ id: sysDepartRole.id }).from(sysDepartRole).where(eq(sysDepartRole.departId, departId))))
          : eq(sysDepartRoleUser.userId, userId);
        await t.delete(sysDepartRoleUser).where(scope);
        if (wanted.length) await t.insert(sysDepartRoleUser).values(wanted.map((droleId) => ({ id: newId(), userId, droleId })));
      });
      return ok(null, '添加成功!', 200);
    },
  );

  r.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    { config: { permission: 'system:depart:user' }, schema: { tags, summary: '用户在某部门中的角色ID', querystring: z.object({ userId: z.string().min(1).max(36), departId: z.string().min(1).max(36) }) } },
    async (request) => {
      const found = await db
        .select({ id: sysDepartRoleUser.droleId })
        .from(sysDepartRoleUser)
        .innerJoin(sysDepartRole, eq(sysDepartRole.id, sysDepartRoleUser.droleId))
        .where(and(eq(sysDepartRoleUser.userId, request.query.userId), eq(sysDepartRole.departId, request.query.departId)));
      return ok(found.map((f) => f.id), '操作成功！', 200);
    },
  );
}
