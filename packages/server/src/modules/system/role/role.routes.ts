import type { FastifyInstance } from 'fastify';
import { Msg, roleFlow, roleResource, roleUserQuery } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { userResource } from '../user/user.admin.service.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './role.service.ts';

const tags = ['角色管理'];

/** 角色管理 (JEECG-API §3.2, §3.3, §5.7), guarded by the RolePerm codes. */
export async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
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
      remove: (c, ids) => service.deleteRoles(c.db, c.user, ids),
    },
    messages: { added: '添加成功！', edited: '修改成功!', deleted: '删除角色成功', queried: Msg.ok },
  });

  registerFlow(app, deps, roleFlow, {
    tags,
    queries: { users: listQuerySchema(userResource, { roleId: roleUserQuery.shape.roleId }) },
    docs: {
      grantTree: { description: '{treeList, ids}；节点含 ruleFlag，表示该菜单配置了数据规则。' },
      savePermissions: { description: '按数据库中的现有授权计算增删；非管理员只能授予自己拥有的权限。' },
    },
    handlers: {
      queryall: async ({ db }) => {
        const all = await service.allRoles(db);
        if (!all.length) throw new BizError('未找到角色信息');
        return all;
      },
      checkRoleCode: async ({ db }, query) => {
        if (!(await service.roleCodeAvailable(db, query.roleCode, query.id))) throw new BizError('角色编码已存在');
        return true;
      },
      grantTree: ({ db }) => service.roleGrantTree(db),
      permissionIds: ({ db }, query) => service.rolePermissionIds(db, query.roleId),
      savePermissions: async ({ db, user, request }, body) => {
        if (!body.roleId) throw new BizError('缺少角色ID');
        await service.saveRolePermissions(db, user, body.roleId, splitIds(body.permissionIds), request.ip);
        return null;
      },
      dataRules: async ({ db }, params) => {
        const grant = await service.roleDataRules(db, params.permissionId, params.roleId);
        if (!grant) throw new BizError('未找到权限配置信息');
        return grant;
      },
      saveDataRules: async ({ db, user }, { permissionId, roleId, dataRuleIds }) => {
        await service.saveRoleDataRules(db, user, permissionId, roleId, splitIds(dataRuleIds));
        return null;
      },
      users: async ({ db }, query) => {
        const roleId = typeof query.roleId === 'string' ? query.roleId : '';
        if (!roleId) throw new BizError('缺少角色ID');
        return service.listRoleUsers(db, await deps.dicts.allItems(), query, roleId);
      },
      addUsers: async ({ db, user }, body) => {
        await service.addRoleUsers(db, user, body.roleId, body.userIdList);
        return null;
      },
      removeUser: async ({ db, user }, query) => {
        await service.removeRoleUsers(db, user, query.roleId, [query.userId]);
        return null;
      },
      removeUsers: async ({ db, user }, query) => {
        await service.removeRoleUsers(db, user, query.roleId, splitIds(query.userIds));
        return null;
      },
    },
  });
}
