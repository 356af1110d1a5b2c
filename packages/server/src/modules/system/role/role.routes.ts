import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { grantBody, roleBody } from '@sbwq/contracts';
import { BizError, fail, ok } from '../../../platform/http/envelope.ts';
import { pageOf } from '../../../platform/list/list-query.ts';
import { hasRole } from '../../../platform/access/access.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sysPermissionDataRule } from '../permission/permission.table.ts';
import { selectTree } from '../permission/permission.admin.service.ts';
import { sysUser, sysUserRole } from '../user/user.table.ts';
import { listUsers, userResource } from '../user/user.admin.service.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { sysRole, sysRolePermission } from './role.table.ts';
import { idQuery, idsQuery, splitIds } from '../../../platform/http/ids.ts';
import { addRole, deleteRoles, editRole, roleCodeAvailable, roleResource, saveRolePermissions, toRoleRecord } from './role.service.ts';

const tags = ['角色管理'];
const listQuery = listQuerySchema(roleResource);
const roleUserQuery = listQuerySchema(userResource, { roleId: z.string({ error: '缺少角色ID' }).min(1, '缺少角色ID').max(36).describe('角色ID') });

/** 角色管理 (JEECG-API §3.2, §3.3, §5.7), guarded by system:role:* codes. */
export async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get('/sys/role/list', { config: { permission: 'system:role:list' }, schema: { tags, summary: '角色列表', querystring: listQuery } }, async (request) => {
    const page = await pageOf<typeof sysRole.$inferSelect>(db, roleResource, request.query, { tieBreak: sysRole.id });
    return ok({ ...page, records: page.records.map(toRoleRecord) }, '操作成功！', 200);
  });

  r.get('/sys/role/queryall', { config: { signedIn: true }, schema: { tags, summary: '全部角色（选择角色用）' } }, async () => {
    const all = await db.select().from(sysRole).orderBy(asc(sysRole.createTime));
    return all.length ? ok(all.map(toRoleRecord), '操作成功！', 200) : fail('未找到角色信息');
  });

  r.get('/sys/role/queryById', { config: { permission: 'system:role:list' }, schema: { tags, summary: '按ID查询角色', querystring: idQuery } }, async (request) => {
    const [row] = await db.select().from(sysRole).where(eq(sysRole.id, request.query.id));
    if (!row) throw new BizError('未找到对应数据');
    return ok(toRoleRecord(row), '操作成功！', 200);
  });

  r.get(
    '/sys/role/checkRoleCode',
    { config: { permission: 'system:role:list' }, schema: { tags, summary: '校验角色编码是否可用', querystring: z.object({ id: z.string().max(36).optional(), roleCode: z.string().min(1).max(100) }) } },
    async (request) => ((await roleCodeAvailable(db, request.query.roleCode, request.query.id)) ? ok(true, '该值可用！', 200) : fail('角色编码已存在')),
  );

  r.post('/sys/role/add', { config: { permission: 'system:role:add' }, schema: { tags, summary: '添加角色', body: roleBody } }, async (request) =>
    ok(await addRole(db, request.user!, request.body), '添加成功！', 200),
  );

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/role/edit',
    config: { permission: 'system:role:edit' },
    schema: { tags, summary: '编辑角色', body: roleBody },
    handler: async (request) => {
      await editRole(db, request.user!, request.body);
      return ok(null, '修改成功!', 200);
    },
  });

  r.delete('/sys/role/delete', { config: { permission: 'system:role:delete' }, schema: { tags, summary: '删除角色（同时删除其授权与用户关联）', querystring: idQuery } }, async (request) => {
    await deleteRoles(db, [request.query.id]);
    return ok(null, '删除角色成功', 200);
  });

  r.delete(
    '/sys/role/deleteBatch',
    { config: { permission: 'system:role:delete' }, schema: { tags, summary: '批量删除角色', querystring: idsQuery() } },
    async (request) => {
      await deleteRoles(db, splitIds(request.query.ids));
      return ok(null, '删除角色成功', 200);
    },
  );

  r.get('/sys/role/queryTreeList', { config: { permission: 'system:role:grant,system:depart:grant' }, schema: { tags, summary: '授权用的权限树', description: '{treeList, ids}；节点含 ruleFlag，表示该菜单配置了数据规则。' } }, async () => {
    const tree = await selectTree(db);
    type Node = (typeof tree.treeList)[number];
    const decorate = (n: Node): Node & { scopedSlots: { title: string } } => ({ ...n, scopedSlots: { title: 'hasDatarule' }, children: n.children?.map(decorate) });
    return ok({ treeList: tree.treeList.map(decorate), ids: tree.ids }, '操作成功！', 200);
  });

  r.get(
    '/sys/permission/queryRolePermission',
    { config: { permission: 'system:role:grant' }, schema: { tags, summary: '角色已授权的权限ID', querystring: z.object({ roleId: z.string().min(1).max(36) }) } },
    async (request) => {
      const found = await db.select({ id: sysRolePermission.permissionId }).from(sysRolePermission).where(eq(sysRolePermission.roleId, request.query.roleId));
      return ok(found.map((f) => f.id), '操作成功！', 200);
    },
  );

  r.post(
    '/sys/permission/saveRolePermission',
    { config: { permission: 'system:role:grant' }, schema: { tags, summary: '保存角色授权', description: '按数据库中的现有授权计算增删；非管理员只能授予自己拥有的权限。', body: grantBody } },
    async (request) => {
      if (!request.body.roleId) throw new BizError('缺少角色ID');
      const isAdmin = await hasRole(db, request.user!.id, 'admin');
      await saveRolePermissions(db, request.user!, request.body.roleId, splitIds(request.body.permissionIds), request.ip, isAdmin);
      return ok(null, '保存成功！', 200);
    },
  );

  r.get(
    '/sys/role/datarule/:permissionId/:roleId',
    { config: { permission: 'system:role:grant' }, schema: { tags, summary: '角色在某菜单上的数据规则', params: z.object({ permissionId: z.string().max(36), roleId: z.string().max(36) }) } },
    async (request) => {
      const { permissionId, roleId } = request.params;
      const rules = await db.select().from(sysPermissionDataRule).where(eq(sysPermissionDataRule.permissionId, permissionId));
      if (rules.length === 0) return fail('未找到权限配置信息');
      const [link] = await db.select().from(sysRolePermission).where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, permissionId)));
      return ok({ datarule: rules, drChecked: link?.dataRuleIds ?? '' }, '操作成功！', 200);
    },
  );

  r.post(
    '/sys/role/datarule',
    {
      config: { permission: 'system:role:grant' },
      schema: { tags, summary: '保存角色在某菜单上的数据规则', body: z.object({ permissionId: z.string().min(1).max(36), roleId: z.string().min(1).max(36), dataRuleIds: z.string().max(4000).optional().default('') }) },
    },
    async (request) => {
      const { permissionId, roleId, dataRuleIds } = request.body;
      const [link] = await db.select().from(sysRolePermission).where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, permissionId)));
      if (!link) throw new BizError('请先保存角色菜单权限!');
      const ids = splitIds(dataRuleIds);
      if (ids.length) {
        const valid = await db.select({ id: sysPermissionDataRule.id }).from(sysPermissionDataRule).where(and(inArray(sysPermissionDataRule.id, ids), eq(sysPermissionDataRule.permissionId, permissionId)));
        if (valid.length !== ids.length) throw new BizError('所选数据规则不属于该菜单');
      }
      await db.update(sysRolePermission).set({ dataRuleIds: ids.join(',') || null }).where(eq(sysRolePermission.id, link.id));
      return ok(null, '保存成功!', 200);
    },
  );

  r.get(
    '/sys/user/userRoleList',
    { config: { permission: 'system:role:user' }, schema: { tags, summary: '角色下的用户', querystring: roleUserQuery } },
    async (request) => {
      const roleId = typeof request.query.roleId === 'string' ? request.query.roleId : '';
      if (!roleId) throw new BizError('缺少角色ID');
      return ok(await listUsers(db, await deps.dicts.allItems(), request.query, [sql`${sysUser.id} in (select user_id from sys_user_role where role_id = ${roleId})`]), '操作成功！', 200);
    },
  );

  r.post(
    '/sys/user/addSysUserRole',
    { config: { permission: 'system:role:user' }, schema: { tags, summary: '向角色添加用户', body: z.object({ roleId: z.string().min(1).max(36), userIdList: z.array(z.string().max(36)).max(5000) }) } },
    async (request) => {
      const { roleId, userIdList } = request.body;
      const [role] = await db.select().from(sysRole).where(eq(sysRole.id, roleId));
      if (!role) throw new BizError('未找到对应角色');
      if (!(await hasRole(db, request.user!.id, 'admin'))) {
        const mine = await db.select().from(sysUserRole).where(and(eq(sysUserRole.userId, request.user!.id), eq(sysUserRole.roleId, roleId)));
        if (mine.length === 0) throw new BizError('不能授予自己没有的角色');
        if (userIdList.includes(request.user!.id)) throw new BizError('不能修改自己的角色');
      }
      const users = userIdList.length ? await db.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, userIdList), eq(sysUser.delFlag, 0))) : [];
      for (const u of users) await db.insert(sysUserRole).values({ id: newId(), userId: u.id, roleId }).onConflictDoNothing();
      return ok(null, '添加成功!', 200);
    },
  );

  const removeMembers = async (actorId: string, roleId: string, userIds: string[]) => {
    if (userIds.includes(actorId)) throw new BizError('不能修改自己的角色');
    const [role] = await db.select().from(sysRole).where(eq(sysRole.id, roleId));
    if (role?.roleCode === 'admin') {
      const admins = await db.select().from(sysUser).where(and(inArray(sysUser.id, userIds), eq(sysUser.username, 'admin')));
      if (admins.length) throw new BizError('不能移除 admin 的系统管理员角色');
    }
    if (userIds.length) await db.delete(sysUserRole).where(and(eq(sysUserRole.roleId, roleId), inArray(sysUserRole.userId, userIds)));
  };

  r.delete(
    '/sys/user/deleteUserRole',
    { config: { permission: 'system:role:user' }, schema: { tags, summary: '从角色移除用户', querystring: z.object({ roleId: z.string().min(1).max(36), userId: z.string().min(1).max(36) }) } },
    async (request) => {
      await removeMembers(request.user!.id, request.query.roleId, [request.query.userId]);
      return ok(null, '删除成功!', 200);
    },
  );

  r.delete(
    '/sys/user/deleteUserRoleBatch',
    { config: { permission: 'system:role:user' }, schema: { tags, summary: '从角色批量移除用户', querystring: z.object({ roleId: z.string().min(1).max(36), userIds: z.string().min(1).max(20_000) }) } },
    async (request) => {
      await removeMembers(request.user!.id, request.query.roleId, splitIds(request.query.userIds));
      return ok(null, '删除成功!', 200);
    },
  );
}
