import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DepartPerm, departResource, departRoleResource, departUsersBody, deptRoleUserBody, grantBody, Msg } from '@sbwq/contracts';
import { BizError, fail, ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { userResource } from '../user/user.admin.service.ts';
import * as departs from './depart.service.ts';
import * as roles from './depart-role.service.ts';

const tags = ['部门管理'];
const departUserQuery = listQuerySchema(userResource, { depId: z.string({ error: '缺少部门ID' }).min(1, '缺少部门ID').max(36).describe('部门ID（不含下级部门）') });
const departIdQuery = z.object({ departId: z.string().min(1).max(36) });
const roleIdQuery = z.object({ roleId: z.string().min(1).max(36) });
const departUserOne = z.object({ depId: z.string().min(1).max(36), userId: z.string().min(1).max(36) });
const departUserMany = z.object({ depId: z.string().min(1).max(36), userIds: z.string().min(1).max(20_000) });

/** 部门管理 (JEECG-API §4.2, §5.7, §3.3), guarded by the DepartPerm codes; the tree is open to every signed-in user. */
export async function departRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get('/sys/sysDepart/queryTreeList', { config: { signedIn: true }, schema: { tags, summary: '部门树（全部字段）' } }, async () =>
    ok(departs.buildTree(await departs.activeDeparts(db)), Msg.ok, 200),
  );

  r.get('/sys/sysDepart/queryIdTree', { config: { signedIn: true }, schema: { tags, summary: '部门树（选择用）' } }, async () =>
    ok(departs.toIdTree(departs.buildTree(await departs.activeDeparts(db))), Msg.ok, 200),
  );

  r.get(
    '/sys/sysDepart/searchBy',
    { config: { signedIn: true }, schema: { tags, summary: '按名称搜索部门', querystring: z.object({ keyWord: z.string().max(100).default(''), myDeptSearch: z.string().max(2).optional() }) } },
    async (request) => {
      const found = await departs.searchDeparts(db, request.query.keyWord, request.query.myDeptSearch === '1' ? request.user!.id : null);
      return found.length ? ok(found, Msg.ok, 200) : fail('未查询匹配数据！');
    },
  );

  r.get(
    '/sys/sysDepart/queryMyDeptTreeList',
    { config: { signedIn: true }, schema: { tags, summary: '我负责的部门树', description: '上级身份（user_identity=2）返回所负责部门的树，message 为 "2"；否则 result 为 null，message 为 "1"。' } },
    async (request) => {
      const tree = await departs.myDepartTree(db, request.user!.id);
      return tree ? ok(tree, '2', 200) : ok(null, '1', 200);
    },
  );

  registerResource(app, deps, departResource, {
    tags,
    docs: {
      add: { description: 'org_code 按层级自动生成（A01、A01A01…）。' },
      delete: { summary: '删除部门（有下级或用户时拒绝）' },
    },
    service: {
      add: (c, body) => departs.addDepart(c.db, c.user, body),
      edit: (c, body) => departs.editDepart(c.db, c.user, body),
      remove: (c, ids) => departs.deleteDeparts(c.db, ids),
    },
    messages: { added: '添加成功！', edited: '修改成功!', deleted: '删除成功!' },
  });

  r.get('/sys/permission/queryDepartPermission', { config: { permission: DepartPerm.grant }, schema: { tags, summary: '部门可用的权限ID', querystring: departIdQuery } }, async (request) =>
    ok(await departs.departPermissionIds(db, request.query.departId), Msg.ok, 200),
  );

  r.post('/sys/permission/saveDepartPermission', { config: { permission: DepartPerm.grant }, schema: { tags, summary: '保存部门可用的权限', body: grantBody } }, async (request) => {
    if (!request.body.departId) throw new BizError('缺少部门ID');
    await departs.saveDepartPermissions(db, request.user!, request.body.departId, splitIds(request.body.permissionIds));
    return ok(null, '保存成功！', 200);
  });

  registerResource(app, deps, departRoleResource, {
    tags,
    listResource: roles.departRoleWhitelist,
    listExtra: {
      deptId: z.string().max(36).optional().describe('部门ID（必填，也可写作 departId）'),
      departId: z.string().max(36).optional().describe('部门ID（deptId 的另一写法）'),
    },
    docs: { list: { summary: '部门角色列表' } },
    service: {
      list: (c, query) => roles.listDepartRoles(c.db, query),
      add: (c, body) => roles.addDepartRole(c.db, c.user, body),
      edit: (c, body) => roles.editDepartRole(c.db, c.user, body),
      remove: (c, ids) => roles.deleteDepartRoles(c.db, ids),
    },
    messages: { added: '添加成功！', edited: '编辑成功!', deleted: '删除成功!', batchDeleted: '批量删除成功!', queried: Msg.ok },
  });

  r.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { config: { permission: DepartPerm.role }, schema: { tags, summary: '部门角色授权用的权限树（限于部门可用权限）', querystring: departIdQuery } },
    async (request) => ok(await roles.departRoleGrantTree(db, request.query.departId), Msg.ok, 200),
  );

  r.get('/sys/sysDepartPermission/queryDeptRolePermission', { config: { permission: DepartPerm.role }, schema: { tags, summary: '部门角色已授权的权限ID', querystring: roleIdQuery } }, async (request) =>
    ok(await roles.departRolePermissionIds(db, request.query.roleId), Msg.ok, 200),
  );

  r.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    { config: { permission: DepartPerm.role }, schema: { tags, summary: '保存部门角色授权（只能在部门可用权限之内）', body: grantBody } },
    async (request) => {
      if (!request.body.roleId) throw new BizError('缺少角色ID');
      await roles.saveDepartRolePermissions(db, request.body.roleId, splitIds(request.body.permissionIds), request.ip);
      return ok(null, '保存成功！', 200);
    },
  );

  r.get('/sys/user/departUserList', { config: { permission: DepartPerm.user }, schema: { tags, summary: '部门下的用户（不含下级）', querystring: departUserQuery } }, async (request) => {
    const depId = typeof request.query.depId === 'string' ? request.query.depId : '';
    if (!depId) throw new BizError('缺少部门ID');
    return ok(await departs.listDepartUsers(db, await deps.dicts.allItems(), request.query, depId), Msg.ok, 200);
  });

  r.post('/sys/user/editSysDepartWithUser', { config: { permission: DepartPerm.user }, schema: { tags, summary: '向部门添加用户', body: departUsersBody } }, async (request) => {
    await departs.addDepartUsers(db, request.body.depId, request.body.userIdList);
    return ok(null, '添加成功!', 200);
  });

  r.delete('/sys/user/deleteUserInDepart', { config: { permission: DepartPerm.user }, schema: { tags, summary: '把用户移出部门', querystring: departUserOne } }, async (request) => {
    await departs.removeDepartUsers(db, request.query.depId, [request.query.userId]);
    return ok(null, '删除成功!', 200);
  });

  r.delete('/sys/user/deleteUserInDepartBatch', { config: { permission: DepartPerm.user }, schema: { tags, summary: '把多个用户移出部门', querystring: departUserMany } }, async (request) => {
    await departs.removeDepartUsers(db, request.query.depId, splitIds(request.query.userIds));
    return ok(null, '删除成功!', 200);
  });

  r.get('/sys/sysDepartRole/getDeptRoleList', { config: { permission: DepartPerm.user }, schema: { tags, summary: '部门的角色（给成员分配用）', querystring: departIdQuery } }, async (request) =>
    ok(await roles.rolesOfDepart(db, request.query.departId), Msg.ok, 200),
  );

  r.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    {
      config: { permission: DepartPerm.user },
      schema: { tags, summary: '设置用户在部门中的角色', description: '传 departId 时只替换该部门的角色；不传时替换该用户的全部部门角色。', body: deptRoleUserBody },
    },
    async (request) => {
      const { userId, newRoleId, departId } = request.body;
      await roles.setUserDepartRoles(db, request.user!, userId, splitIds(newRoleId), departId);
      return ok(null, '添加成功!', 200);
    },
  );

  r.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    { config: { permission: DepartPerm.user }, schema: { tags, summary: '用户在某部门中的角色ID', querystring: z.object({ userId: z.string().min(1).max(36), departId: z.string().min(1).max(36) }) } },
    async (request) => ok(await roles.userDepartRoleIds(db, request.query.userId, request.query.departId), Msg.ok, 200),
  );
}
