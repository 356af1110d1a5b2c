import type { FastifyInstance } from 'fastify';
import { myPermissionFlow } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { userPermissions } from './permission.service.ts';

/** The signed-in user's menus and buttons; the token parameter is optional, the header decides. */
export async function permissionRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, myPermissionFlow, {
    tags: ['权限'],
    docs: {
      mine: {
        description: 'result.menu 为菜单树，result.auth 为本人已授权的按钮，result.allAuth 为全部按钮（JEECG-API §3.1）。token 参数可选，以请求头为准。',
      },
    },
    handlers: { mine: ({ db, user }) => userPermissions(db, user.id, user.accessVersion, user.orgCode) },
  });
}
