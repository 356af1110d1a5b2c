import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { departFlow, departResource, departRoleResource, departUserQuery, Msg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { userResource } from '../user/user.admin.service.ts';
import * as departs from './depart.service.ts';
import * as actions from './depart.actions.ts';
import * as roles from './depart-role.service.ts';
import { departExportWhitelist, exportDeparts, importDeparts } from './depart.excel.ts';

const tags = ['部门管理'];

/** 部门管理 (JEECG-API §4.2, §5.7, §3.3), guarded by the DepartPerm codes; the tree is open to every signed-in user. */
export async function departRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, departResource, {
    tags,
    listResource: departExportWhitelist,
    service: {
      add: (c, body) => departs.addDepart(c.db, c.user, body),
      edit: departs.editDepart,
      remove: departs.deleteDeparts,
      exportXls: exportDeparts,
      importExcel: importDeparts,
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
    service: roles.resource,
    messages: { added: '添加成功！', edited: '编辑成功!', deleted: '删除成功!', batchDeleted: '批量删除成功!', queried: Msg.ok },
  });

  registerFlow(app, deps, departFlow, {
    tags,
    queries: { users: listQuerySchema(userResource, { depId: departUserQuery.shape.depId }) },
    docs: {
      myTree: { description: '上级身份（user_identity=2）返回所负责部门的树，message 为 "2"；否则 result 为 null，message 为 "1"。' },
      setUserRoles: { description: '传 departId 时只替换该部门的角色；不传时替换该用户的全部部门角色。' },
    },
    // depart.actions.ts exports one function per action, under the action's name
    handlers: actions,
  });
}
