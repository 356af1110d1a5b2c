import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_BINDING_PATH, LOGIN_PATH, Msg, SsoMsg, ThirdHash, thirdBindAccountBody, thirdBindingFlow, thirdTokenSchema } from '@sbwq/contracts';
import { BizError, ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import { staticCookie } from '../../../platform/storage/static-cookie.ts';
import { loginReply } from '../auth/auth.replies.ts';
import { clientOf } from '../log/log.service.ts';
import {
  bindAndLogin,
  bindingsOf,
  finishThirdLogin,
  loginWithThirdToken,
  providerOf,
  startThirdLogin,
  ThirdLoginError,
  unbind,
  type CallbackOutcome,
} from './third-login.service.ts';

const tags = ['登录与会话'];
const STATE_COOKIE = 'sbwq_oidc_state';
// What an authorization response may carry (RFC 6749 §4.1.2, RFC 9207 iss); anything else is dropped.
const callbackText = z.string().max(4096, '参数过长').optional();
const providerParams = z.object({ provider: z.string().max(32, '第三方登录方式名称不正确') });
const redirectReply = { 302: z.null().describe('重定向：Location 为下一步的地址'), 200: envelopeSchema(z.null()).describe('不会出现：此路由总是重定向') };

/** The address users open: PUBLIC_URL, or (development) the request's own origin. */
const originOf = (deps: AppDeps, request: FastifyRequest) => deps.config.sso.publicUrl ?? `${request.protocol}://${request.host}`;
const callbackUri = (deps: AppDeps, request: FastifyRequest, provider: string) => `${originOf(deps, request)}${deps.config.apiBase}/thirdLogin/callback/${provider}`;

function stateCookie(deps: AppDeps, request: FastifyRequest, state: string | null): string {
  const secure = originOf(deps, request).startsWith('https:') ? '; Secure' : '';
  // Lax: the provider sends the browser back with a top-level GET, which carries a Lax cookie.
  return `${STATE_COOKIE}=${state ?? ''}; Path=${deps.config.apiBase}/thirdLogin/callback; HttpOnly; SameSite=Lax; Max-Age=${state ? 600 : 0}${secure}`;
}

function cookieOf(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}

/** The page the browser goes to next, with what it needs in the fragment (never sent to a server). */
function landing(outcome: CallbackOutcome, provider: string): string {
  const hash = new URLSearchParams();
  let path = LOGIN_PATH;
  switch (outcome.kind) {
    case 'login':
      hash.set(ThirdHash.token, outcome.token);
      break;
    case 'bind':
      hash.set(ThirdHash.bind, outcome.token);
      break;
    case 'bound':
      path = ACCOUNT_BINDING_PATH;
      hash.set(ThirdHash.bound, provider);
      break;
    case 'error':
      if (outcome.forBinding) path = ACCOUNT_BINDING_PATH;
      hash.set(ThirdHash.error, outcome.code);
      break;
  }
  hash.set(ThirdHash.provider, provider);
  return `${path}#${hash.toString()}`;
}

const redirectTo = (reply: FastifyReply, location: string) => reply.header('cache-control', 'no-store').redirect(location, 302);

export async function thirdLoginRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const sso = deps.config.sso;

  r.get(
    '/thirdLogin/render/:provider',
    {
      config: { public: true, special: 'auth', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '第三方登录：前往身份提供方',
        description: '为 OIDC_PROVIDERS 中的一个提供方开始授权码流程（PKCE S256、state、nonce），重定向到其登录页；state 同时写入仅回调路径可读的 Cookie。',
        params: providerParams,
        response: redirectReply,
      },
    },
    async (request, reply) => {
      const provider = providerOf(sso, request.params.provider);
      if (!provider) return redirectTo(reply, landing({ kind: 'error', code: 'providerUnknown', forBinding: false }, ''));
      try {
        const start = await startThirdLogin(db, provider, callbackUri(deps, request, provider.name), null);
        reply.header('set-cookie', stateCookie(deps, request, start.state));
        return redirectTo(reply, start.url);
      } catch (error) {
        if (!(error instanceof ThirdLoginError)) throw error;
        return redirectTo(reply, landing({ kind: 'error', code: error.code, forBinding: false }, provider.name));
      }
    },
  );

  r.get(
    '/thirdLogin/callback/:provider',
    {
      config: { public: true, special: 'auth', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '第三方登录：身份提供方的回调',
        description:
          '用授权码（及 PKCE 校验码）换取并校验 ID Token。已绑定的账号：重定向到登录页，地址片段带一次性凭证 thirdToken（2 分钟内用 GET /thirdLogin/getLoginUser/{token} 换取会话）；未绑定：片段带 thirdBind（10 分钟内用 POST /thirdLogin/bindAccount 以已有账号和密码绑定）；从账号绑定页开始的：绑定后回到账号绑定页。从不自动创建用户。',
        params: providerParams,
        querystring: z.object({
          code: callbackText,
          state: callbackText,
          iss: callbackText,
          error: callbackText,
          error_description: callbackText,
          session_state: callbackText,
        }),
        response: redirectReply,
      },
    },
    async (request, reply) => {
      reply.header('set-cookie', stateCookie(deps, request, null));
      const provider = providerOf(sso, request.params.provider);
      if (!provider) return redirectTo(reply, landing({ kind: 'error', code: 'providerUnknown', forBinding: false }, ''));
      const outcome = await finishThirdLogin(db, provider, request.query, cookieOf(request, STATE_COOKIE));
      return redirectTo(reply, landing(outcome, provider.name));
    },
  );

  r.get(
    '/thirdLogin/getLoginUser/:token',
    {
      config: { public: true, special: 'auth', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '第三方登录：用一次性凭证换取会话',
        description: 'token 为回调交给页面的一次性凭证（2 分钟内有效，只能用一次）。成功时 code 为 200，result 含 token、userInfo（以及 departs、multi_depart、sysAllDictItems，与账号密码登录相同）。',
        params: z.object({ token: thirdTokenSchema }),
        response: { 200: envelopeSchema(loginReply) },
      },
    },
    async (request, reply) => {
      const result = await loginWithThirdToken(deps, request.params.token, clientOf(request), `${deps.config.apiBase}/thirdLogin/getLoginUser/***`);
      reply.header('set-cookie', staticCookie(deps.config.apiBase, result.token, deps.config.sessionMaxDays));
      return ok(result, Msg.loginOk, 200);
    },
  );

  r.post(
    '/thirdLogin/bindAccount',
    {
      config: { public: true, special: 'auth', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: '第三方登录：首次登录时绑定已有账号',
        description: 'bindToken 为回调交给页面的绑定凭证（10 分钟内有效）。账号和密码按账号密码登录的规则校验（失败 3 次后需要验证码，账号连续失败 5 次锁定 10 分钟）；成功后绑定并登录，凭证作废。',
        body: thirdBindAccountBody,
        response: { 200: envelopeSchema(loginReply) },
      },
    },
    async (request, reply) => {
      const result = await bindAndLogin(deps, request.body, clientOf(request), request.url);
      reply.header('set-cookie', staticCookie(deps.config.apiBase, result.token, deps.config.sessionMaxDays));
      return ok(result, SsoMsg.bound, 200);
    },
  );

  registerFlow(app, deps, thirdBindingFlow, {
    tags: ['账户设置'],
    docs: {
      bindings: { description: '当前用户已绑定的第三方账号；providerLabel 为登录按钮上的名称。' },
      bindStart: { description: '为当前用户开始绑定：answer 的 url 为身份提供方的授权地址，授权后回到 /account/settings/binding，地址片段带 thirdBound 或 thirdError。' },
    },
    handlers: {
      bindings: ({ db: d, user }) => bindingsOf(d, sso, user.id),
      unbind: ({ db: d, user }, body) => unbind(d, user.id, body.id).then(() => null),
      bindStart: async ({ db: d, user, request }, body) => {
        const provider = providerOf(sso, body.provider);
        if (!provider) throw new BizError(SsoMsg.providerUnknown);
        try {
          const start = await startThirdLogin(d, provider, callbackUri(deps, request, provider.name), user.id);
          return { url: start.url };
        } catch (error) {
          if (error instanceof ThirdLoginError) throw new BizError(error.message);
          throw error;
        }
      },
    },
  });
}
