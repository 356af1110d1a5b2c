import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Msg, SsoMsg } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import { redactedUrl } from '../../../platform/http/redact.ts';
import { answerSignIn } from '../../../platform/storage/static-cookie.ts';
import { loginReply } from '../auth/auth.replies.ts';
import { clientOf } from '../../operations/log/log.service.ts';
import { casLogin } from './cas.service.ts';

const ticketText = z.string().max(1024, '票据过长').optional();

export async function casRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cas/client/validateLogin',
    {
      config: { public: true, special: 'auth', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['登录与会话'],
        summary: 'CAS 单点登录：校验票据并登录',
        description:
          'ticket（或 token）为 CAS 服务器带回页面地址的票据，service 为取得票据时的服务地址（本系统的 /user/login，或站点根地址）。服务端向 CAS 服务器的 /p3/serviceValidate（CAS_PROTOCOL=2 时 /serviceValidate）校验，CAS 用户名即本系统账号（不自动创建）。成功时 code 为 200，result 与账号密码登录相同。',
        querystring: z.object({
          ticket: ticketText,
          token: ticketText,
          service: z.string({ error: 'service不能为空' }).min(1, 'service不能为空').max(1000, 'service过长'),
        }),
        response: { 200: envelopeSchema(loginReply) },
      },
    },
    async (request, reply) => {
      const ticket = request.query.ticket || request.query.token;
      if (!ticket) throw new BizError(SsoMsg.ticketRequired);
      const result = await casLogin({ ...deps, sso: deps.config.sso }, { ticket, service: request.query.service }, clientOf(request), redactedUrl(request));
      return answerSignIn(reply, deps.config, result, Msg.loginOk);
    },
  );
}
