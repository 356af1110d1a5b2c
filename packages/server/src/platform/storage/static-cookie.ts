/**
 * The session token as an HttpOnly cookie limited to the static-file path: <img src> and PDF links
 * cannot carry X-Access-Token. Set at login, cleared at logout.
 */
export const STATIC_COOKIE = 'sbwq_static';

export function staticCookie(apiBase: string, token: string | null, maxAgeDays: number): string {
  const path = `${apiBase}/sys/common/static`;
  return token
    ? `${STATIC_COOKIE}=${encodeURIComponent(token)}; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeDays * 86400}`
    : `${STATIC_COOKIE}=; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=0`;
}
