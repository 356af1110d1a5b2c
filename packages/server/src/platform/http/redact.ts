/**
 * Secrets that travel in an address: a one-time token in a path (`/thirdLogin/getLoginUser/:token`), a
 * ticket, code or password in a query. Whatever records an address (request traces, the log, a login
 * log row) keeps it with these values replaced, so a record is never a way in.
 */
const SECRET_NAMES = new Set([
  'token',
  'ticket',
  'code',
  'password',
  'smscode',
  'captcha',
  'secret',
  'access_token',
  'id_token',
  'refresh_token',
  'client_secret',
]);
export const REDACTED = '***';

const isSecret = (name: string) => SECRET_NAMES.has(name.toLowerCase());

/** The path with each segment that fills a secret parameter of its route pattern (`:token`) replaced. */
export function redactedPath(path: string, route: string | undefined): string {
  if (!route || !route.includes('/:')) return path;
  const pattern = route.split('/');
  const parts = path.split('/');
  if (pattern.length !== parts.length) return path;
  return parts.map((part, i) => (pattern[i].startsWith(':') && isSecret(pattern[i].slice(1)) ? REDACTED : part)).join('/');
}

/** A query string (without its `?`) with the values of secret names replaced; names and other values kept as sent. */
export function redactedQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // a malformed name is kept as sent; only a known secret name is redacted
      }
      return at >= 0 && isSecret(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** A request's address with its secrets redacted: the path by its route pattern, the query by name. */
export function redactedUrl(request: { url: string; routeOptions?: { url?: string } }): string {
  const at = request.url.indexOf('?');
  const path = redactedPath(at < 0 ? request.url : request.url.slice(0, at), request.routeOptions?.url);
  return at < 0 ? path : `${path}?${redactedQuery(request.url.slice(at + 1))}`;
}
