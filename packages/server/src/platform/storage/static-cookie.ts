import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import { ok } from '../http/envelope.ts';

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

/** A sign-in's answer (password, phone, CAS, third party): the static-file cookie set, the login result as `result`. */
export function answerSignIn<T extends { token: string }>(reply: FastifyReply, config: Pick<Config, 'apiBase' | 'sessionMaxDays'>, result: T, message: string) {
  reply.header('set-cookie', staticCookie(config.apiBase, result.token, config.sessionMaxDays));
  return ok(result, message, 200);
}
