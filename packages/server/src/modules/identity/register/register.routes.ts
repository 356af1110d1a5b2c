import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordChangeBody, phoneVerificationBody, querySysUserBody, querySysUserReply, registerBody, RegisterMsg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { clientOf } from '../../operations/log/log.service.ts';
import { atLeast } from '../sms/sms.routes.ts';
import { confirmAccount, register, resetPassword, verifyPhone } from './register.service.ts';

const tags = ['注册与找回密码'];
const limited = { public: true, special: 'auth', rateLimit: { max: 20, timeWindow: '1 minute' } } as const;

/** 注册 and the four steps of 找回密码 (JEECG-API §2.5); public routes, each answer the same whether or not the account exists. */
export async function registerRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const minMs = deps.config.sms.minReplyMs;

  r.post(
    '/sys/user/register',
    {
      config: limited,
      schema: {
        tags,
        summary: '机构联系人注册',
        description:
          '账号、密码（至少8位，须同时包含字母和数字）、手机号与短信验证码（smsmode 1）、机构名称与类型。先校验短信验证码：验证码有效之前，账号是否已被注册回答都一样（验证码错误）；有效后账号已注册时回答“用户名已注册”，验证码不作废，可换账号再提交。回答至少耗时 SMS_MIN_REPLY_MS。新账号只能办理本机构入驻（代理机构或权利人角色），没有协会工作人员的权限。',
        body: registerBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await atLeast(minMs, () => register(db, request.body));
      return ok(null, RegisterMsg.registered, 200);
    },
  );

  r.post(
    '/sys/user/querySysUser',
    {
      config: limited,
      schema: {
        tags,
        summary: '找回密码第一步：确认账号',
        description: '账号与图片验证码（captcha、checkKey）。回答 ticket（10 分钟内有效），第二步发送短信时带上；账号是否存在，回答都一样。',
        body: querySysUserBody,
        response: { 200: envelopeSchema(querySysUserReply) },
      },
    },
    async (request) => ok(await atLeast(minMs, () => confirmAccount(db, request.body, clientOf(request))), RegisterMsg.accountConfirmed, 200),
  );

  r.post(
    '/sys/user/phoneVerification',
    {
      config: limited,
      schema: {
        tags,
        summary: '找回密码第二步：验证手机',
        description: 'username、phone 与 smsmode 2 的短信验证码。验证码须是发给该账号绑定手机的，错误 5 次作废。',
        body: phoneVerificationBody,
        response: { 200: envelopeSchema(z.object({ username: z.string() })) },
      },
    },
    async (request) => ok(await atLeast(minMs, () => verifyPhone(db, request.body)), RegisterMsg.phoneVerified, 200),
  );

  r.post(
    '/sys/user/passwordChange',
    {
      config: limited,
      schema: {
        tags,
        summary: '找回密码第三步：设置新密码',
        description: '第二步验证过的短信验证码在这里用掉（只能用一次，5 分钟内）；新密码至少8位，须同时包含字母和数字。该账号的所有会话随之结束。',
        body: passwordChangeBody,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await atLeast(minMs, () => resetPassword(db, request.body, clientOf(request), request.url));
      return ok(null, RegisterMsg.passwordReset, 200);
    },
  );
}
