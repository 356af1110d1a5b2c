import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { GatewayMsg, Msg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { fail } from '../../../platform/http/envelope.ts';
import { proxiedReply } from '../../../platform/http/route-kinds.ts';
import { GatewayTable, matchRoute, targetUrl } from './gateway.service.ts';

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

/** The app's own credentials are for this server only: an upstream never sees a user's session. */
const NOT_FORWARDED = ['authorization', 'cookie', 'x-access-token', 'proxy-authorization'];

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
 * 路由网关 (issue #25): `/gateway/...` at the root (not under API_BASE, and never the SPA's fallback) is
 * forwarded by @fastify/reply-from to the upstream of the first enabled route, in order, whose prefix, method
 * and header match. The upstream is the allow-list's URL for the route's name: nothing in the request
 * chooses it. Bodies travel as bytes (no JSON parsing, 1 MB at most as every request); the app's own
 * Authorization / Cookie / X-Access-Token are removed and an upstream's Set-Cookie is not passed back
 * (it would land on this site's origin). An unreachable upstream answers 502, a slow one 504, in Chinese.
 */
export async function installGateway(app: FastifyInstance, deps: AppDeps) {
  const table = gatewayTableOf(deps);
  const timeoutMs = deps.config.gateway.timeoutMs;

  await app.register(async (gateway) => {
    await gateway.register(replyFrom, {
      disableRequestLogging: true,
      undici: { connectTimeout: Math.min(timeoutMs, 5000), headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
    });
    gateway.removeAllContentTypeParsers();
    gateway.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0];
      if (unsafePath(path)) return refuse(reply, 400, GatewayMsg.badPath);
      const route = matchRoute(await table.routes(), path, request.method, request.headers);
      if (!route) return refuse(reply, 404, GatewayMsg.noRoute);
      if (route.needLogin && !request.user) return refuse(reply, 401, Msg.unauthorized);
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      return reply.from(targetUrl(route, path), {
        ...(body ? { body: body.length > 0 ? body : null, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
        rewriteRequestHeaders: (_request, headers) => {
          for (const name of NOT_FORWARDED) delete headers[name];
          headers['x-forwarded-for'] = request.ip;
          headers['x-forwarded-proto'] = request.protocol;
          if (route.stripPrefix) headers['x-forwarded-prefix'] = route.prefix;
          return headers;
        },
        rewriteHeaders: (headers) => {
          delete headers['set-cookie'];
          return headers;
        },
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
