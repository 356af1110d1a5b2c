import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Msg, phoneLoginBody, smsBody, SmsMsg, smsOutboxResource } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { clientOf } from '../../operations/log/log.service.ts';
import { phoneLogin } from './phone-login.service.ts';
import { sendSms, smsDepsOf } from './sms.service.ts';
import { listOutbox, smsOutboxWhitelist } from './sms-outbox.service.ts';
import { signInRoute } from '../auth/sign-in-route.ts';

const tags = ['短信验证码'];

/**
 * Every answer that could tell whether an account exists takes at least SMS_MIN_REPLY_MS, so that the
 * time taken (a delivery, a lookup) tells nothing either.
 */
export async function atLeast<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const left = ms - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

export async function smsRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const smsDeps = smsDepsOf(app, deps);
  const minMs = deps.config.sms.minReplyMs;

  r.post(
    '/sys/sms',
    {
      config: { public: true, special: 'auth', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '发送短信验证码',
        description:
          'smsmode 0 手机号登录、1 注册、2 找回密码（3 修改手机号只由已登录用户经 /sys/account/phone/code 发送）。0 和 1 需要图片验证码（captcha、checkKey），2 需要找回密码第一步的 username 与 ticket。验证码 6 位，5 分钟内有效，只能使用一次；同一手机号 60 秒一次、每小时 5 次，同一地址每小时 20 次，同一账号每小时 5 次。无论手机号是否已有账号，回答都相同。',
        body: smsBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) =>
      atLeast(minMs, async () => {
        await sendSms(smsDeps, request.body, clientOf(request));
        return ok(null, SmsMsg.sent, 200);
      }),
  );

  signInRoute(app, deps, '/sys/phoneLogin', {
    tags,
    summary: '手机号登录',
    description:
      'mobile 与短信验证码 captcha（smsmode 0 发送）。与账号密码登录同样的规则：连续失败 5 次锁定 10 分钟、每次结果写登录日志；成功时 code 为 200，result 同 /sys/login。',
    body: phoneLoginBody,
    signIn: (d, body, client, url) => atLeast(minMs, () => phoneLogin(d, body, client, url)),
    message: Msg.loginOk,
  });

  registerResource(app, deps, smsOutboxResource, {
    tags: ['短信发件箱'],
    listResource: smsOutboxWhitelist,
    service: { list: (c, query) => listOutbox(c.db, query) },
    messages: { added: Msg.ok, edited: Msg.ok, deleted: Msg.ok, idsRequired: Msg.ok },
  });
}
