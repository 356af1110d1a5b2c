import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { departFlow, departResource, departRoleResource, departUserQuery, Msg } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { answer, registerFlow } from '../../../platform/flow/flow-routes.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { userResource } from '../user/user.admin.service.ts';
import * as departs from './depart.service.ts';
import * as roles from './depart-role.service.ts';

const tags = ['部门管理'];

/** 部门管理 (JEECG-API §4.2, §5.7, §3.3), guarded by the DepartPerm codes; the tree is open to every signed-in user. */
export async function departRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, departResource, {
    tags,
    docs: {
      add: { description: 'org_code 按层级自动生成（A01、A01A01…）。' },
      delete: { summary: '删除部门（有下级或用户时拒绝）' },
    },
    service: {
      add: (c, body) => departs.addDepart(c.db, c.user, body),
      edit: departs.editDepart,
      remove: departs.deleteDeparts,
    },
    messages: { added: '添加成功！', edited: '修改成功!', deleted: '删除成功!' },
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
      list: roles.listDepartRoles,
      add: roles.addDepartRole,
      edit: roles.editDepartRole,
      remove: roles.deleteDepartRoles,
    },
    messages: { added: '添加成功！', edited: '编辑成功!', deleted: '删除成功!', batchDeleted: '批量删除成功!', queried: Msg.ok },
  });

  registerFlow(app, deps, departFlow, {
    tags,
    queries: { users: listQuerySchema(userResource, { depId: departUserQuery.shape.depId }) },
    docs: {
      myTree: { description: '上级身份（user_identity=2）返回所负责部门的树，message 为 "2"；否则 result 为 null，message 为 "1"。' },
      setUserRoles: { description: '传 departId 时只替换该部门的角色；不传时替换该用户的全部部门角色。' },
    },
    handlers: {
      treeList: async ({ db }) => departs.buildTree(await departs.activeDeparts(db)),
      idTree: async ({ db }) => departs.toIdTree(departs.buildTree(await departs.activeDeparts(db))),
      search: async ({ db, user }, query) => {
        const found = await departs.searchDeparts(db, query.keyWord, query.myDeptSearch === '1' ? user.id : null);
        if (!found.length) throw new BizError('未查询匹配数据！');
        return found;
      },
      myTree: async ({ db, user }) => {
        const tree = await departs.myDepartTree(db, user.id);
        return tree ? answer(tree, '2') : answer(null, '1');
      },
      permissionIds: ({ db }, query) => departs.departPermissionIds(db, query.departId),
      savePermissions: async ({ db, user }, body) => {
        if (!body.departId) throw new BizError('缺少部门ID');
        await departs.saveDepartPermissions(db, user, body.departId, splitIds(body.permissionIds));
        return null;
      },
      roleGrantTree: ({ db }, query) => roles.departRoleGrantTree(db, query.departId),
      rolePermissionIds: ({ db }, query) => roles.departRolePermissionIds(db, query.roleId),
      saveRolePermissions: async ({ db, request }, body) => {
        if (!body.roleId) throw new BizError('缺少角色ID');
        await roles.saveDepartRolePermissions(db, body.roleId, splitIds(body.permissionIds), request.ip);
        return null;
      },
      users: async ({ db }, query) => {
        const depId = typeof query.depId === 'string' ? query.depId : '';
        if (!depId) throw new BizError('缺少部门ID');
        return departs.listDepartUsers(db, await deps.dicts.allItems(), query, depId);
      },
      addUsers: ({ db }, body) => departs.addDepartUsers(db, body.depId, body.userIdList).then(() => null),
      removeUser: ({ db }, query) => departs.removeDepartUsers(db, query.depId, [query.userId]).then(() => null),
      removeUsers: ({ db }, query) => departs.removeDepartUsers(db, query.depId, splitIds(query.userIds)).then(() => null),
      roles: ({ db }, query) => roles.rolesOfDepart(db, query.departId),
      setUserRoles: ({ db, user }, body) => roles.setUserDepartRoles(db, user, body.userId, splitIds(body.newRoleId), body.departId).then(() => null),
      userRoleIds: ({ db }, query) => roles.userDepartRoleIds(db, query.userId, query.departId),
    },
  });
}
