import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody, Msg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import { revokeSession } from '../../../platform/auth/session.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { clientOf, writeLoginLog } from '../../operations/log/log.service.ts';
import { issueCaptcha } from './captcha.service.ts';
import { login } from './auth.service.ts';
import { staticCookie } from '../../../platform/storage/static-cookie.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import { signInRoute } from './sign-in-route.ts';

const tags = ['登录与会话'];

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/sys/randomImage/:key',
    {
      config: { public: true, special: 'auth', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '获取登录验证码图片',
        description: '为客户端选定的 key 生成 4 位验证码，120 秒内有效，只能使用一次；answer result 为 data URL。',
        params: z.object({ key: z.string().min(1).max(64) }),
        response: { 200: envelopeSchema(z.string().describe('验证码图片的 data URL')) },
      },
    },
    async (request) => ok(await issueCaptcha(db, request.params.key)),
  );

  signInRoute(app, deps, '/sys/login', {
    tags,
    summary: '账号密码登录',
    description:
      '成功时 code 为 200，result 含 token、userInfo、departs、multi_depart、sysAllDictItems。同一账号或地址连续失败 3 次后需要验证码，账号连续失败 5 次锁定 10 分钟。',
    body: loginBody,
    signIn: login,
    message: Msg.loginOk,
  });

  r.route({
    method: ['GET', 'POST'],
    url: '/sys/logout',
    config: { public: true, special: 'auth' },
    schema: {
      tags,
      summary: '退出登录',
      description: '吊销请求头 X-Access-Token 中的会话；令牌已失效时也返回成功。',
      response: { 200: envelopeSchema(z.null()) },
    },
    handler: async (request, reply) => {
      reply.header('set-cookie', staticCookie(deps.config.apiBase, null, 0));
      const user = request.user;
      if (user) {
        await revokeSession(db, user.tokenHash);
        await writeLoginLog(db, {
          content: `用户名: ${user.realname},退出成功！`,
          username: user.username,
          realname: user.realname,
          client: clientOf(request),
          url: request.url,
        });
      }
      return ok(null, Msg.logoutOk, 200);
    },
  });
}
