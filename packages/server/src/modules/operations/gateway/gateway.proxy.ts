import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayMsg, Msg } from '@sbwq/contracts';
import { hasPermission } from '../../../platform/access/access.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { fail } from '../../../platform/http/envelope.ts';
import { proxiedReply } from '../../../platform/http/route-kinds.ts';
import { isUnvetted } from '../../core/org/org-context.ts';
import { clientResponseHeaders, GATEWAY_CSP, isJsonType, upstreamRequestHeaders } from './gateway.headers.ts';
import { GatewayTable, matchRoute, targetUrl, type LiveRoute } from './gateway.service.ts';

/** One route table per app (its database, its cache hub): the screen's writes and the gateway share it. */
const tables = new WeakMap<AppDeps, GatewayTable>();

export function gatewayTableOf(deps: AppDeps): GatewayTable {
  let table = tables.get(deps);
  if (!table) {
    table = new GatewayTable(deps.db, deps.cache, deps.config.gateway.upstreams);
    tables.set(deps, table);
  }
  return table;
}

const GATEWAY_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).send(fail(message, status));
}

/** `.` or `..` as a segment (plain or percent-encoded), a backslash or a NUL: never forwarded. */
function unsafePath(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded.includes('\\') || decoded.includes('\0') || decoded.split('/').some((s) => s === '.' || s === '..');
}

/**
 * Whether a signed-in caller may use a route that needs sign-in: they hold the route's permission code (as
 * any route's code is held, through a role), and their account is vetted. A self-registered account is
 * the applicant of an organisation (register.service.ts); until the association enrols it (已入驻) the
 * account reaches its own enrolment only, not an upstream. Staff and accounts an administrator created
 * have no such application.
 */
async function admitted(db: Db, user: SessionUser, route: LiveRoute): Promise<boolean> {
  if (route.permission && !(await hasPermission(db, user.id, route.permission, user.accessVersion))) return false;
  // the access hook's rule for accounts awaiting enrolment: gateway routes are public there and check here
  return !(await isUnvetted(db, user));
}

/**
 * 路由网关 (issue #25): `/gateway/...` at the root (not under API_BASE, and never the SPA's fallback) is
 * forwarded by @fastify/reply-from to the upstream of the first enabled route, in order, whose prefix, method
 * and header match. The upstream is the allow-list's URL for the route's name: nothing in the request
 * chooses it. Bodies travel as bytes (no JSON parsing, 1 MB at most as every request). Headers pass by
 * allow-lists both ways (gateway.headers.ts). The answer is served from this app's origin, where the
 * signed-in user's token lives, so every gateway answer is sandboxed (CSP `sandbox`, nosniff) and anything
 * but JSON is a download. An unreachable upstream answers 502, a slow one 504, in Chinese. A WebSocket
 * upgrade is not proxied: its headers are dropped and the upstream sees a plain request.
 */
export async function installGateway(app: FastifyInstance, deps: AppDeps) {
  const table = gatewayTableOf(deps);
  const timeoutMs = deps.config.gateway.timeoutMs;

  await app.register(async (gateway) => {
    // Without an allowed upstream no route is live (GatewayTable skips it) and nothing is forwarded: the
    // proxy and its HTTP client (some 6 MB of heap) are loaded only for an installation that has one.
    if (deps.config.gateway.upstreams.length > 0) {
      const { default: replyFrom } = await import('@fastify/reply-from');
      await gateway.register(replyFrom, {
        disableRequestLogging: true,
        undici: { connectTimeout: Math.min(timeoutMs, 5000), headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
      });
    }
    gateway.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-security-policy', GATEWAY_CSP);
      reply.header('x-content-type-options', 'nosniff');
      if (!isJsonType(reply.getHeader('content-type'))) reply.header('content-disposition', 'attachment');
      return payload;
    });
    gateway.removeAllContentTypeParsers();
    gateway.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0];
      if (unsafePath(path)) return refuse(reply, 400, GatewayMsg.badPath);
      const route = matchRoute(await table.routes(), path, request.method, request.headers);
      if (!route) return refuse(reply, 404, GatewayMsg.noRoute);
      if (route.needLogin) {
        if (!request.user) return refuse(reply, 401, Msg.unauthorized);
        if (!(await admitted(deps.db, request.user, route))) return reply.status(403).send(fail(Msg.noPermission, 510));
      }
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const target = targetUrl(route, path);
      return reply.from(target, {
        ...(body ? { body: body.length > 0 ? body : null, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
        rewriteRequestHeaders: (_request, headers) =>
          upstreamRequestHeaders(headers, route, { ip: request.ip, protocol: request.protocol, host: request.host, withBody: body !== undefined }),
        rewriteHeaders: (headers) => clientResponseHeaders(headers, route, target),
        onError: (errorReply, { error }) => {
          const { code, statusCode } = error as { code?: string; statusCode?: number };
          request.log.warn({ route: route.routerId, code }, 'gateway upstream failed');
          const timedOut = statusCode === 504 && code !== 'UND_ERR_CONNECT_TIMEOUT';
          void refuse(errorReply as FastifyReply, timedOut ? 504 : 502, timedOut ? GatewayMsg.upstreamTimeout : GatewayMsg.upstreamDown);
        },
      });
    };

    const options = {
      config: { public: true, special: 'gateway' as const },
      schema: { tags: ['路由网关'], summary: '网关转发', response: { 200: proxiedReply('上游服务的回复（状态码、响应头、内容原样转回）') } },
      handler,
    };
    gateway.route({ method: [...GATEWAY_METHODS], url: '/gateway/*', ...options });
    gateway.route({ method: [...GATEWAY_METHODS], url: '/gateway', ...options });
  });
}
