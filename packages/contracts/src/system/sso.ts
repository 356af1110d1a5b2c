import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { SsoMsg } from './sso-constants.ts';

/** The one-time token of GET /thirdLogin/getLoginUser/{token} and the binding ticket: base64url of 32 random bytes. */
export const thirdTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, '第三方登录凭证格式不正确');

/** POST /thirdLogin/bindAccount: a first third-party sign-in binds an existing account, proved by its password. */
export const thirdBindAccountBody = z.strictObject({
  bindToken: thirdTokenSchema,
  username: z.string({ error: '请输入用户名' }).max(100, '长度不能超过100个字符').trim().min(1, '请输入用户名'),
  password: z.string({ error: '请输入密码' }).max(128, '长度不能超过128个字符').min(1, '请输入密码'),
  captcha: z.string().max(8, '长度不能超过8个字符').optional(),
  checkKey: z.string().max(64, '长度不能超过64个字符').optional(),
});
export type ThirdBindAccountBody = z.infer<typeof thirdBindAccountBody>;

/** What a pending first sign-in shows before the account is asked for. */
export const thirdBindInfoSchema = z.object({ provider: z.string(), providerLabel: z.string(), displayName: z.string().nullable() });

export const thirdBindingSchema = z.object({
  id: z.string(),
  provider: z.string(),
  providerLabel: z.string(),
  /** the provider's name or e-mail for the account, as it said at binding */
  displayName: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type ThirdBinding = z.infer<typeof thirdBindingSchema>;

/**
 * A binding from 账号绑定 waiting for the signed-in user's yes: the provider's account as it answered
 * (subject, and name and e-mail where it gave them) and the local account it would bind to.
 */
export const pendingBindingSchema = z.object({
  provider: z.string(),
  providerLabel: z.string(),
  subject: z.string(),
  displayName: z.string().nullable(),
  email: z.string().nullable(),
  username: z.string(),
});
export type PendingBinding = z.infer<typeof pendingBindingSchema>;

/** The question 账号绑定 asks before a binding is written. */
export function pendingBindingQuestion(p: PendingBinding): string {
  const seen = [...new Set([p.displayName, p.email, p.subject].filter((v): v is string => !!v))];
  return `将${p.providerLabel}账号（${seen.join('，')}）绑定到当前账号 ${p.username}？`;
}

const pendingTokenBody = z.strictObject({ token: thirdTokenSchema });

const providerName = z.string({ error: '请选择第三方登录方式' }).regex(/^[a-z][a-z0-9]{0,31}$/, '第三方登录方式名称不正确');

/** 账户设置 · 账号绑定: the signed-in user's own bindings. */
export const thirdBindingFlow = defineFlow<ThirdBinding>()({
  basePath: '/thirdLogin',
  actions: {
    bindings: { path: 'bindings', method: 'GET', signedIn: true, onboarding: true, reply: z.array(thirdBindingSchema), summary: '本人的第三方账号绑定' },
    unbind: {
      path: 'unbind',
      signedIn: true,
      onboarding: true,
      body: z.strictObject({ id: z.string({ error: '请选择绑定记录' }).min(1, '请选择绑定记录').max(32, '绑定记录标识不正确') }),
      reply: z.null(),
      done: SsoMsg.unbound,
      summary: '解除本人的一个第三方账号绑定',
    },
    bindStart: {
      path: 'bindStart',
      signedIn: true,
      onboarding: true,
      body: z.strictObject({ provider: providerName }),
      reply: z.object({ url: z.string() }),
      summary: '开始绑定第三方账号：answer 为浏览器要前往的授权地址',
    },
    bindPending: {
      path: 'bindPending',
      signedIn: true,
      onboarding: true,
      body: pendingTokenBody,
      reply: pendingBindingSchema,
      summary: '待确认的绑定：提供方返回的账号与要绑定到的本系统账号',
    },
    bindConfirm: {
      path: 'bindConfirm',
      signedIn: true,
      onboarding: true,
      body: pendingTokenBody,
      reply: z.null(),
      done: SsoMsg.bound,
      summary: '确认绑定（写入绑定）',
    },
    bindCancel: {
      path: 'bindCancel',
      signedIn: true,
      onboarding: true,
      body: pendingTokenBody,
      reply: z.null(),
      done: SsoMsg.bindCancelled,
      summary: '取消待确认的绑定',
    },
  },
});
