import type { FastifyInstance } from 'fastify';
import { permissionFlow, permissionResource } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './permission.admin.service.ts';
import * as actions from './permission.actions.ts';

const tags = ['菜单权限管理'];

/** 菜单管理 (JEECG-API §3.2), guarded by the PermissionPerm codes. */
export async function permissionAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, permissionResource, {
    tags,
    service: service.resource,
    messages: { added: '添加成功！', edited: '修改成功！', deleted: '删除成功!' },
  });

  registerFlow(app, deps, permissionFlow, {
    tags,
    // permission.actions.ts exports one function per action, under the action's name
    handlers: actions,
  });
}
