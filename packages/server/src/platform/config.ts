import os from 'node:os';
import path from 'node:path';
import { DEFAULT_API_BASE } from '@sbwq/contracts';
import { repoRoot } from './paths.ts';
import { loadSsoConfig, type SsoConfig } from './auth/sso-config.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  apiBase: string;
  adminPassword: string | null;
  seedDemo: boolean;
  redisUrl: string | null;
  /** prefix of every Redis channel and key this deployment uses, so several deployments can share one Redis */
  redisPrefix: string;
  /** hosts (`host` or `host:port`, lower case) an announcement's url-type openPage may point to */
  safeOpenHosts: string[];
  production: boolean;
  corsOrigins: string[];
  frameSources: string[];
  trustProxy: boolean;
  webDist: string;
  sessionIdleMinutes: number;
  sessionMaxDays: number;
  /** 定时任务: whether this process looks for due jobs (JOBS_ENABLED=0 turns it off), how often, and the claim's lease */
  jobs: { enabled: boolean; pollMs: number; leaseMs: number };
  /** a second port, on 127.0.0.1 only, serving GET /metrics without a token (null: only with an admin token) */
  metricsPort: number | null;
  /** WORKERS: how many server processes main.ts runs on this machine sharing the port (node:cluster); 1 = this process alone */
  workers: number;
  footer: { copyright: string; organiser: string; phone: string; email: string; icp: string };
  /** CAS and OpenID Connect sign-in (platform/auth/sso-config.ts) */
  sso: SsoConfig;
};

function normaliseBase(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`环境变量 ${name} 必须是正整数，当前为 "${value}"`);
  return n;
}

function redisPrefixOf(value: string | undefined): string {
  const prefix = value?.trim() || 'sbwq';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(prefix)) throw new Error(`环境变量 REDIS_PREFIX 只能包含字母、数字、_ . -（最多64个字符），当前为 "${value}"`);
  return prefix;
}

/**
 * WORKERS: a number, or `auto` for the cores this process may use. Several processes need a database and
 * a Redis they all share: PGlite lives inside one process, and caches and sockets learn of other
 * processes' changes only through Redis.
 */
function workersOf(value: string | undefined, databaseUrl: string | null, redisUrl: string | null): number {
  const text = value?.trim().toLowerCase() ?? '';
  const n = text === 'auto' ? os.availableParallelism() : positiveInt('WORKERS', text, 1);
  if (n > 1 && !databaseUrl) throw new Error(`WORKERS=${value} 需要 PostgreSQL：内置数据库（PGlite）只能由一个进程使用，请设置 DATABASE_URL 或去掉 WORKERS`);
  if (n > 1 && !redisUrl) throw new Error(`WORKERS=${value} 需要 Redis：多个进程之间的缓存失效和消息推送都经由 Redis，请设置 REDIS_URL 或去掉 WORKERS`);
  return n;
}

/** Reads the configuration from the environment (README lists every variable). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL 必须是 postgres:// 开头的连接地址');
  }
  const redisUrl = env.REDIS_URL?.trim() || null;
  return {
    port: positiveInt('PORT', env.PORT, 8080),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    apiBase: normaliseBase(env.API_BASE ?? DEFAULT_API_BASE),
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: (env.SEED_DEMO ?? '1') !== '0',
    redisUrl,
    redisPrefix: redisPrefixOf(env.REDIS_PREFIX),
    safeOpenHosts: (env.SAFE_OPEN_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean),
    production: env.NODE_ENV === 'production',
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    frameSources: (env.FRAME_SOURCES ?? '').split(',').map((s) => s.trim()).filter((s) => /^https?:\/\/[^\s;,'"]+$/.test(s)),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    webDist: path.resolve(env.WEB_DIST?.trim() || path.join(repoRoot, 'packages/web/dist')),
    sessionIdleMinutes: positiveInt('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 120),
    sessionMaxDays: positiveInt('SESSION_MAX_DAYS', env.SESSION_MAX_DAYS, 7),
    jobs: {
      enabled: (env.JOBS_ENABLED ?? '1') !== '0',
      pollMs: positiveInt('JOBS_POLL_MS', env.JOBS_POLL_MS, 1000),
      leaseMs: positiveInt('JOBS_LEASE_MS', env.JOBS_LEASE_MS, 60_000),
    },
    metricsPort: env.METRICS_PORT?.trim() ? positiveInt('METRICS_PORT', env.METRICS_PORT.trim(), 9464) : null,
    workers: workersOf(env.WORKERS, databaseUrl, redisUrl),
    footer: {
      copyright: env.FOOTER_COPYRIGHT ?? `Copyright © ${new Date().getFullYear()} 商标协会 版权所有`,
      organiser: env.FOOTER_ORGANISER ?? '商标协会',
      phone: env.FOOTER_PHONE ?? '010-00000000',
      email: env.FOOTER_EMAIL ?? 'service@example.org.cn',
      icp: env.FOOTER_ICP ?? '京ICP备00000000号',
    },
    sso: loadSsoConfig(env, env.NODE_ENV === 'production'),
  };
}
