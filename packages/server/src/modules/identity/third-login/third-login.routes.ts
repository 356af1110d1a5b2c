import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_BINDING_PATH, LOGIN_PATH, Msg, SsoMsg, ThirdHash, thirdBindAccountBody, thirdBindingFlow, thirdTokenSchema } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import { answerSignIn } from '../../../platform/storage/static-cookie.ts';
import { loginReply } from '../auth/auth.replies.ts';
import { clientOf } from '../../operations/log/log.service.ts';
import { ssoOrigin } from '../../../platform/auth/sso-config.ts';
import { redactedUrl } from '../../../platform/http/redact.ts';
import {
  bindAndLogin,
  bindingsOf,
  finishThirdLogin,
  loginWithThirdToken,
  pendingBinding,
  providerOf,
  settlePendingBinding,
  startThirdLogin,
  ThirdLoginError,
  unbind,
  type CallbackOutcome,
} from './third-login.service.ts';
import { signInRoute } from '../auth/sign-in-route.ts';

const tags = ['登录与会话'];
const STATE_COOKIE = 'sbwq_oidc_state';
// What an authorization response may carry (RFC 6749 §4.1.2, RFC 9207 iss); anything else is dropped.
const callbackText = z.string().max(4096, '参数过长').optional();
const providerParams = z.object({ provider: z.string().max(32, '第三方登录方式名称不正确') });
const redirectReply = { 302: z.null().describe('重定向：Location 为下一步的地址'), 200: envelopeSchema(z.null()).describe('不会出现：此路由总是重定向') };

/** The redirect address the provider sends the browser back to: under PUBLIC_URL, never the request's Host. */
const callbackUri = (deps: AppDeps, provider: string) => `${ssoOrigin(deps.config.sso)}${deps.config.apiBase}/thirdLogin/callback/${provider}`;

/** The state of an authorization this browser started (a sign-in or 账号绑定): only the callback path reads it. */
function stateCookie(deps: AppDeps, state: string | null): string {
  const secure = ssoOrigin(deps.config.sso).startsWith('https:') ? '; Secure' : '';
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
    case 'confirm':
      path = ACCOUNT_BINDING_PATH;
      hash.set(ThirdHash.confirm, outcome.token);
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
        const start = await startThirdLogin(db, provider, callbackUri(deps, provider.name), null);
        reply.header('set-cookie', stateCookie(deps, start.state));
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
          'state 须与本浏览器开始时写入的 Cookie 一致（登录与账号绑定都是），否则拒绝。用授权码（及 PKCE 校验码）换取并校验 ID Token。已绑定的账号：重定向到登录页，地址片段带一次性凭证 thirdToken（2 分钟内用 GET /thirdLogin/getLoginUser/{token} 换取会话）；未绑定：片段带 thirdBind（10 分钟内用 POST /thirdLogin/bindAccount 以已有账号和密码绑定）；从账号绑定页开始的：回到账号绑定页，片段带 thirdConfirm（5 分钟内由开始绑定的同一会话确认或取消，确认前不写入绑定）。从不自动创建用户。',
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
      const provider = providerOf(sso, request.params.provider);
      if (!provider) return redirectTo(reply, landing({ kind: 'error', code: 'providerUnknown', forBinding: false }, ''));
      reply.header('set-cookie', stateCookie(deps, null));
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
        description:
          'token 为回调交给页面的一次性凭证（2 分钟内有效，只能用一次）。成功时 code 为 200，result 含 token、userInfo（以及 departs、multi_depart、sysAllDictItems，与账号密码登录相同）。',
        params: z.object({ token: thirdTokenSchema }),
        response: { 200: envelopeSchema(loginReply) },
      },
    },
    async (request, reply) => {
      const result = await loginWithThirdToken(deps, request.params.token, clientOf(request), redactedUrl(request));
      return answerSignIn(reply, deps.config, result, Msg.loginOk);
    },
  );

  signInRoute(app, deps, '/thirdLogin/bindAccount', {
    tags,
    summary: '第三方登录：首次登录时绑定已有账号',
    description:
      'bindToken 为回调交给页面的绑定凭证（10 分钟内有效）。账号和密码按账号密码登录的规则校验（失败 3 次后需要验证码，账号连续失败 5 次锁定 10 分钟）；成功后绑定并登录，凭证作废。',
    body: thirdBindAccountBody,
    signIn: bindAndLogin,
    message: SsoMsg.bound,
  });

  registerFlow(app, deps, thirdBindingFlow, {
    tags: ['账户设置'],
    docs: {
      bindings: { description: '当前用户已绑定的第三方账号；providerLabel 为登录按钮上的名称。' },
      bindStart: {
        description:
          '为当前用户开始绑定：answer 的 url 为身份提供方的授权地址，同时写入仅回调路径可读的 state Cookie（回调时须一致）。授权后回到 /account/settings/binding，地址片段带 thirdConfirm（待确认的绑定凭证）或 thirdError。',
      },
      bindPending: {
        description:
          'token 为 thirdConfirm；只有开始绑定的同一会话可读。answer 为提供方返回的账号（subject、名称、邮箱）与当前账号，供页面询问“将…绑定到当前账号…？”。',
      },
      bindConfirm: { description: '确认后才写入绑定；凭证只能用一次，只属于开始绑定的同一会话，5 分钟内有效。' },
      bindCancel: { description: '放弃这次绑定，凭证作废，不写入任何绑定。' },
    },
    handlers: {
      bindings: ({ db: d, user }) => bindingsOf(d, sso, user.id),
      unbind: ({ db: d, user }, body) => unbind(d, user.id, body.id).then(() => null),
      bindStart: async ({ db: d, user, reply }, body) => {
        const provider = providerOf(sso, body.provider);
        if (!provider) throw new BizError(SsoMsg.providerUnknown);
        try {
          const start = await startThirdLogin(d, provider, callbackUri(deps, provider.name), user);
          reply.header('set-cookie', stateCookie(deps, start.state));
          return { url: start.url };
        } catch (error) {
          if (error instanceof ThirdLoginError) throw new BizError(error.message);
          throw error;
        }
      },
      bindPending: ({ db: d, user }, body) => pendingBinding(d, sso, user, body.token),
      bindConfirm: ({ db: d, user }, body) => settlePendingBinding(d, user, body.token, true).then(() => null),
      bindCancel: ({ db: d, user }, body) => settlePendingBinding(d, user, body.token, false).then(() => null),
    },
  });
}
