import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Msg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { userPermissions } from './permission.service.ts';

export async function permissionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/sys/permission/getUserPermissionByToken',
    {
      config: { signedIn: true },
      schema: {
        tags: ['权限'],
        summary: '当前用户的菜单与按钮权限',
        description: 'result.menu 为菜单树，result.auth 为本人已授权的按钮，result.allAuth 为全部按钮（JEECG-API §3.1）。token 参数可选，以请求头为准。',
        querystring: z.object({ token: z.string().max(200).optional() }),
      },
    },
    async (request) => ok(await userPermissions(deps.db, request.user!.id), Msg.querySuccess, 200),
  );
}
