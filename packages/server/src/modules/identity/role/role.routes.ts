import type { FastifyInstance } from 'fastify';
import { Msg, roleBody, roleFlow, roleResource, roleUserQuery, type RoleRecord } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { userResource } from '../user/user.admin.service.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { resourceExcel } from '../../../platform/resource/resource-excel.ts';
import { columnsOf, importColumnsOf } from '../../../platform/excel/excel.ts';
import * as service from './role.service.ts';

const tags = ['角色管理'];

/** The stock SysRole's Excel columns: 角色名, 角色编码, 描述. */
const excel = resourceExcel({
  title: '角色信息',
  asciiName: 'roles.xlsx',
  columns: columnsOf<RoleRecord>({ roleName: '角色名', roleCode: '角色编码', description: ['描述', 60] }),
  list: service.listRoles,
  importColumns: importColumnsOf({ roleName: '*角色名', roleCode: '*角色编码', description: '描述' }),
  body: roleBody,
  add: service.addRole,
});

/** 角色管理 (JEECG-API §3.2, §3.3, §5.7), guarded by the RolePerm codes. */
export async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, roleResource, {
    tags,
    listResource: service.roleWhitelist,
    service: { ...service.resource, ...excel },
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
      queryall: service.allRoles,
      checkRoleCode: service.checkRoleCode,
      grantTree: service.roleGrantTree,
      permissionIds: service.rolePermissionIds,
      savePermissions: service.saveRolePermissions,
      dataRules: service.roleDataRules,
      saveDataRules: service.saveRoleDataRules,
      users: service.listRoleUsers,
      addUsers: service.addRoleUsers,
      removeUser: service.removeRoleUser,
      removeUsers: service.removeRoleUsers,
    },
  });
}
