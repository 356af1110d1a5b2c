import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DepartPerm, grantBody, Msg, RolePerm, roleDataRuleBody, roleResource, roleUsersBody } from '@sbwq/contracts';
import { BizError, fail, ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { userResource } from '../user/user.admin.service.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './role.service.ts';

const tags = ['角色管理'];
const roleUserQuery = listQuerySchema(userResource, { roleId: z.string({ error: '缺少角色ID' }).min(1, '缺少角色ID').max(36).describe('角色ID') });
const roleUserOne = z.object({ roleId: z.string().min(1).max(36), userId: z.string().min(1).max(36) });
const roleUserMany = z.object({ roleId: z.string().min(1).max(36), userIds: z.string().min(1).max(20_000) });

/** 角色管理 (JEECG-API §3.2, §3.3, §5.7), guarded by the RolePerm codes. */
export async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  registerResource(app, deps, roleResource, {
    tags,
    listResource: service.roleWhitelist,
    docs: {
      list: { summary: '角色列表' },
      queryById: { summary: '按ID查询角色' },
      delete: { summary: '删除角色（同时删除其授权与用户关联）' },
    },
    service: {
      list: (c, query) => service.listRoles(c.db, query),
      byId: (c, id) => service.roleById(c.db, id),
      add: (c, body) => service.addRole(c.db, c.user, body),
      edit: (c, body) => service.editRole(c.db, c.user, body),
      remove: (c, ids) => service.deleteRoles(c.db, ids),
    },
    messages: { added: '添加成功！', edited: '修改成功!', deleted: '删除角色成功', queried: Msg.ok },
  });

  r.get('/sys/role/queryall', { config: { signedIn: true }, schema: { tags, summary: '全部角色（选择角色用）' } }, async () => {
    const all = await service.allRoles(db);
    return all.length ? ok(all, Msg.ok, 200) : fail('未找到角色信息');
  });

  r.get(
    '/sys/role/checkRoleCode',
    { config: { permission: RolePerm.list }, schema: { tags, summary: '校验角色编码是否可用', querystring: z.object({ id: z.string().max(36).optional(), roleCode: z.string().min(1).max(100) }) } },
    async (request) => ((await service.roleCodeAvailable(db, request.query.roleCode, request.query.id)) ? ok(true, '该值可用！', 200) : fail('角色编码已存在')),
  );

  r.get(
    '/sys/role/queryTreeList',
    { config: { permission: `${RolePerm.grant},${DepartPerm.grant}` }, schema: { tags, summary: '授权用的权限树', description: '{treeList, ids}；节点含 ruleFlag，表示该菜单配置了数据规则。' } },
    async () => ok(await service.roleGrantTree(db), Msg.ok, 200),
  );

  r.get(
    '/sys/permission/queryRolePermission',
    { config: { permission: RolePerm.grant }, schema: { tags, summary: '角色已授权的权限ID', querystring: z.object({ roleId: z.string().min(1).max(36) }) } },
    async (request) => ok(await service.rolePermissionIds(db, request.query.roleId), Msg.ok, 200),
  );

  r.post(
    '/sys/permission/saveRolePermission',
    { config: { permission: RolePerm.grant }, schema: { tags, summary: '保存角色授权', description: '按数据库中的现有授权计算增删；非管理员只能授予自己拥有的权限。', body: grantBody } },
    async (request) => {
      if (!request.body.roleId) throw new BizError('缺少角色ID');
      await service.saveRolePermissions(db, request.user!, request.body.roleId, splitIds(request.body.permissionIds), request.ip);
      return ok(null, '保存成功！', 200);
    },
  );

  r.get(
    '/sys/role/datarule/:permissionId/:roleId',
    { config: { permission: RolePerm.grant }, schema: { tags, summary: '角色在某菜单上的数据规则', params: z.object({ permissionId: z.string().max(36), roleId: z.string().max(36) }) } },
    async (request) => {
      const grant = await service.roleDataRules(db, request.params.permissionId, request.params.roleId);
      return grant ? ok(grant, Msg.ok, 200) : fail('未找到权限配置信息');
    },
  );

  r.post('/sys/role/datarule', { config: { permission: RolePerm.grant }, schema: { tags, summary: '保存角色在某菜单上的数据规则', body: roleDataRuleBody } }, async (request) => {
    const { permissionId, roleId, dataRuleIds } = request.body;
    await service.saveRoleDataRules(db, permissionId, roleId, splitIds(dataRuleIds));
    return ok(null, '保存成功!', 200);
  });

  r.get('/sys/user/userRoleList', { config: { permission: RolePerm.user }, schema: { tags, summary: '角色下的用户', querystring: roleUserQuery } }, async (request) => {
    const roleId = typeof request.query.roleId === 'string' ? request.query.roleId : '';
    if (!roleId) throw new BizError('缺少角色ID');
    return ok(await service.listRoleUsers(db, await deps.dicts.allItems(), request.query, roleId), Msg.ok, 200);
  });

  r.post('/sys/user/addSysUserRole', { config: { permission: RolePerm.user }, schema: { tags, summary: '向角色添加用户', body: roleUsersBody } }, async (request) => {
    await service.addRoleUsers(db, request.user!, request.body.roleId, request.body.userIdList);
    return ok(null, '添加成功!', 200);
  });

  r.delete('/sys/user/deleteUserRole', { config: { permission: RolePerm.user }, schema: { tags, summary: '从角色移除用户', querystring: roleUserOne } }, async (request) => {
    await service.removeRoleUsers(db, request.user!, request.query.roleId, [request.query.userId]);
    return ok(null, '删除成功!', 200);
  });

  r.delete('/sys/user/deleteUserRoleBatch', { config: { permission: RolePerm.user }, schema: { tags, summary: '从角色批量移除用户', querystring: roleUserMany } }, async (request) => {
    await service.removeRoleUsers(db, request.user!, request.query.roleId, splitIds(request.query.userIds));
    return ok(null, '删除成功!', 200);
  });
}
