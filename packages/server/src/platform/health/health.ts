import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { RedisLink, RedisState } from '../redis/link.ts';

/** /ready answers 503 when the database has not answered `select 1` within this. */
export const READY_DB_TIMEOUT_MS = 2000;

const liveness = z.object({ status: z.literal('ok').describe('事件循环在运行') });
const readiness = z.object({
  status: z.enum(['ready', 'not-ready']).describe('ready：数据库可用，可以接收请求'),
  database: z.enum(['up', 'down']).describe(`数据库在 ${READY_DB_TIMEOUT_MS} 毫秒内回答 select 1 为 up`),
  redis: z.enum(['up', 'down', 'not-configured']).describe('Redis 状态，仅供参考：down 时服务降级运行（本进程限流计数等），不影响 ready'),
});

async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /health` (liveness) and `GET /ready` (readiness) for a load balancer or an orchestrator, at the
 * root whatever API_BASE is. Public, not rate-limited, and logged only at warn level (a probe every few
 * seconds would otherwise fill the log). Redis is reported, never required: without it the server runs
 * degraded (issue #24).
 */
export function installHealth(app: FastifyInstance, deps: { db: Db; redis: RedisLink | null; timeoutMs?: number }) {
  const config = { public: true, special: 'health' } as const;
  app.get('/health', { config, logLevel: 'warn', schema: { hide: true, response: { 200: liveness } } }, async () => ({ status: 'ok' as const }));
  app.get('/ready', { config, logLevel: 'warn', schema: { hide: true, response: { 200: readiness, 503: readiness } } }, async (_request, reply) => {
    const database = (await databaseAnswers(deps.db, deps.timeoutMs ?? READY_DB_TIMEOUT_MS)) ? 'up' : 'down';
    const redis: RedisState = deps.redis ? deps.redis.state : 'not-configured';
    return reply.code(database === 'up' ? 200 : 503).send({ status: database === 'up' ? 'ready' : 'not-ready', database, redis });
  });
}
