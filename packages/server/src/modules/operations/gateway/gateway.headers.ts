import type { IncomingHttpHeaders } from 'node:http';
import type { LiveRoute } from './gateway.service.ts';

type Headers = IncomingHttpHeaders;

/**
 * What a client may tell an upstream: content negotiation, conditional and range requests, the body's type,
 * tracing. Everything else stays here — the app's credentials (X-Access-Token, Authorization, Cookie),
 * forwarding and rewrite headers an upstream might trust (X-Real-IP, Forwarded, X-Forwarded-*,
 * X-Original-URL), and hop-by-hop headers (Connection, Keep-Alive, Upgrade, TE: the HTTP client refuses
 * some of them, which answered a false 502).
 */
const FROM_CLIENT = [
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'pragma',
  'content-type',
  'content-encoding',
  'content-language',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'if-range',
  'range',
  'user-agent',
  'traceparent',
  'tracestate',
  'x-request-id',
];

/** A route's header predicate is forwarded as it matched, unless it names one of these. */
const NEVER_FROM_CLIENT =
  /^(authorization|proxy-authorization|cookie|x-access-token|host|content-length|connection|keep-alive|upgrade|te|trailer|transfer-encoding|expect|forwarded|x-forwarded-.*|x-real-ip|x-original-url|x-rewrite-url|proxy-.*)$/;

/**
 * What an upstream's answer may carry back to the browser: the body's description, caching validators,
 * ranges. Not Set-Cookie (it would land on this site), not hop-by-hop headers, not CORS or its own CSP.
 * The body passes through as it came (encoded or not), so Content-Encoding and Content-Length go with it.
 */
const FROM_UPSTREAM = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'expires',
  'vary',
  'age',
  'retry-after',
];

/**
 * Every gateway answer: an upstream's page is not this app's page. `sandbox` gives a document an origin of
 * its own with scripts off, so it can read neither the signed-in user's token nor call the API as them.
 */
export const GATEWAY_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

export function isJsonType(contentType: unknown): boolean {
  const type = String(contentType ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return /^application\/([\w.-]+\+)?json$/.test(type);
}

/**
 * The headers the upstream gets: the allow-listed ones the client sent, the route's matched header, the Host
 * and body length the proxy set, and this server's own account of the client (`clientIp` is the address
 * the app trusts: the socket's, or X-Forwarded-For's only behind TRUST_PROXY).
 */
export function upstreamRequestHeaders(
  prepared: Headers,
  route: LiveRoute,
  client: { ip: string; protocol: string; host: string; withBody: boolean },
): Headers {
  const out: Headers = { host: prepared.host };
  for (const name of FROM_CLIENT) if (prepared[name] !== undefined) out[name] = prepared[name];
  if (route.header && !NEVER_FROM_CLIENT.test(route.header.name)) out[route.header.name] = prepared[route.header.name];
  // reply-from sets the length of the body it sends; without one, a length the client claimed would be a lie.
  if (client.withBody && prepared['content-length'] !== undefined) out['content-length'] = prepared['content-length'];
  out['x-forwarded-for'] = client.ip;
  out['x-forwarded-proto'] = client.protocol;
  out['x-forwarded-host'] = client.host;
  if (route.stripPrefix) out['x-forwarded-prefix'] = route.prefix;
  return out;
}

/** The headers the browser gets from the upstream's answer; a Location is kept only as a gateway path. */
export function clientResponseHeaders(upstream: Headers, route: LiveRoute, requested: string): Headers {
  const out: Headers = {};
  for (const name of FROM_UPSTREAM) if (upstream[name] !== undefined) out[name] = upstream[name];
  const location = Array.isArray(upstream.location) ? upstream.location[0] : upstream.location;
  if (typeof location === 'string') {
    const rewritten = gatewayLocation(location, route, requested);
    if (rewritten) out.location = rewritten;
  }
  return out;
}

/**
 * A redirect to a place on the upstream, as the gateway path that reaches it through this route; null
 * for anywhere else (another host, scheme or port, outside the upstream's base path or this route's prefix),
 * so the gateway never sends a browser to an address the allow-list names or to a stranger's.
 * `requested` is the upstream URL the request went to: a relative Location resolves against it.
 */
export function gatewayLocation(location: string, route: LiveRoute, requested: string): string | null {
  let url: URL;
  try {
    url = new URL(location, requested);
  } catch {
    return null;
  }
  const base = new URL(route.target);
  if (url.origin !== base.origin) return null;
  const basePath = base.pathname.replace(/\/+$/, '');
  if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return null;
  const rest = url.pathname.slice(basePath.length);
  const path = route.stripPrefix ? `${route.prefix}${rest}` : rest;
  if (path !== route.prefix && !path.startsWith(`${route.prefix}/`)) return null;
  return `${path}${url.search}${url.hash}`;
}
