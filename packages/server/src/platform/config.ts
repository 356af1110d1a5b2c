import os from 'node:os';
import path from 'node:path';
import { DEFAULT_API_BASE } from '@sbwq/contracts';
import { backupBucketOf, storageConfigOf, type S3Config, type StorageConfig } from './storage/storage-config.ts';
import { repoRoot } from './paths.ts';
import { loadSsoConfig, type SsoConfig } from './auth/sso-config.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** where uploads live: STORAGE=local (DATA_DIR/upload, default) or s3 with S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX */
  storage: StorageConfig;
  /** the 数据备份 job's bucket (target `bucket`): BACKUP_S3_BUCKET, BACKUP_S3_PREFIX, other BACKUP_S3_* falling back to S3_*; null when unset */
  backupBucket: S3Config | null;
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
  /** Online报表: how many runs (解析SQL, 查询, 导出 each) one user may start per minute (REPORT_RUNS_PER_MINUTE) */
  reportRunsPerMinute: number;
  /**
   * DATASOURCE_SECRET: the key (≥ 32 characters) the 多数据源 passwords are encrypted with; null: a random
   * key kept in DATA_DIR/datasource.key, created on first need
   */
  datasourceSecret: string | null;
  /**
   * APP_SECRET: the server secret (≥ 32 characters) kept outside the database, which keys the hashes of short
   * codes and the data-log chain; null: a random secret kept in DATA_DIR/app.key (platform/secrets)
   */
  appSecret: string | null;
  /** WORKERS: how many server processes main.ts runs on this machine sharing the port (node:cluster); 1 = this process alone */
  workers: number;
  /** 路由网关: the upstreams a route may forward to (GATEWAY_UPSTREAMS, `name=http://host:port[/path]`, comma separated) and the upstream's time limit */
  gateway: { upstreams: { name: string; url: string }[]; timeoutMs: number };
  footer: { copyright: string; organiser: string; phone: string; email: string; icp: string };
  /** 短信: the provider (SMS_PROVIDER; the development outbox unless configured) and the least time an SMS answer takes */
  sms: SmsConfig;
  /** 邮件 (消息中心's e-mail channel): SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASSWORD, SMTP_FROM; null without SMTP_HOST */
  smtp: SmtpConfig | null;
  /** CAS and OpenID Connect sign-in (platform/auth/sso-config.ts) */
  sso: SsoConfig;
};

export type AliyunSmsConfig = { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string };
export type SmsConfig = { provider: 'outbox' | 'aliyun'; aliyun: AliyunSmsConfig | null; minReplyMs: number };

export type SmtpConfig = { host: string; port: number; secure: boolean; user: string | null; password: string | null; from: string };

/** The password stays in the environment: nothing of the SMTP settings is written to the database. */
function smtpConfigOf(env: NodeJS.ProcessEnv): SmtpConfig | null {
  const host = env.SMTP_HOST?.trim();
  if (!host) return null;
  const secure = env.SMTP_SECURE === '1' || env.SMTP_SECURE === 'true';
  const user = env.SMTP_USER?.trim() || null;
  return {
    host,
    port: positiveInt('SMTP_PORT', env.SMTP_PORT?.trim(), secure ? 465 : 587),
    secure,
    user,
    password: env.SMTP_PASSWORD || null,
    from: env.SMTP_FROM?.trim() || user || `noreply@${host}`,
  };
}

/** SMS_PROVIDER=aliyun needs its four ALIYUN_SMS_* values; anything else missing is refused at start, not at the first code. */
function smsConfigOf(env: NodeJS.ProcessEnv): SmsConfig {
  const provider = (env.SMS_PROVIDER?.trim() || 'outbox').toLowerCase();
  const minReplyMs = env.SMS_MIN_REPLY_MS?.trim() === '0' ? 0 : positiveInt('SMS_MIN_REPLY_MS', env.SMS_MIN_REPLY_MS, 400);
  if (provider === 'outbox') return { provider: 'outbox', aliyun: null, minReplyMs };
  if (provider !== 'aliyun') throw new Error(`环境变量 SMS_PROVIDER 只能是 outbox 或 aliyun，当前为 "${env.SMS_PROVIDER}"`);
  const need = (name: string) => {
    const value = env[name]?.trim();
    if (!value) throw new Error(`SMS_PROVIDER=aliyun 需要环境变量 ${name}`);
    return value;
  };
  return {
    provider: 'aliyun',
    minReplyMs,
    aliyun: {
      accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID'),
      accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET'),
      signName: need('ALIYUN_SMS_SIGN_NAME'),
      templateCode: need('ALIYUN_SMS_TEMPLATE_CODE'),
      endpoint: env.ALIYUN_SMS_ENDPOINT?.trim() || 'https://dysmsapi.aliyuncs.com/',
    },
  };
}

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

/**
 * GATEWAY_UPSTREAMS: `name=http://127.0.0.1:9000,name2=https://host/base`. Only these may be a gateway route's
 * upstream; a route names one, never a URL of its own. A malformed entry stops the start, as a typo would
 * otherwise silently disable routes.
 */
export function gatewayUpstreamsOf(value: string | undefined): { name: string; url: string }[] {
  const found: { name: string; url: string }[] = [];
  for (const entry of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = at > 0 ? entry.slice(0, at).trim() : '';
    const raw = at > 0 ? entry.slice(at + 1).trim() : '';
    const problem = `环境变量 GATEWAY_UPSTREAMS 的 "${entry}" 不正确：应为 名称=http(s)://主机[:端口][/路径]，名称以字母开头，只含字母、数字、_ -，地址不带查询串和账号密码`;
    if (!/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(name) || found.some((u) => u.name === name)) throw new Error(problem);
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new Error(problem);
    }
    if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password || raw.includes('?') || raw.includes('#'))
      throw new Error(problem);
    found.push({ name, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` });
  }
  return found;
}

function secretOf(name: string, value: string | undefined): string | null {
  const secret = value?.trim() ?? '';
  if (secret === '') return null;
  if (secret.length < 32) throw new Error(`环境变量 ${name} 至少需要32个字符（可用 openssl rand -hex 32 生成）`);
  return secret;
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
    storage: storageConfigOf(env),
    backupBucket: backupBucketOf(env),
    databaseUrl,
    apiBase: normaliseBase(env.API_BASE ?? DEFAULT_API_BASE),
    adminPassword: env.ADMIN_PASSWORD || null,
    seedDemo: (env.SEED_DEMO ?? '1') !== '0',
    redisUrl,
    redisPrefix: redisPrefixOf(env.REDIS_PREFIX),
    safeOpenHosts: (env.SAFE_OPEN_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    production: env.NODE_ENV === 'production',
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    frameSources: (env.FRAME_SOURCES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => /^https?:\/\/[^\s;,'"]+$/.test(s)),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    webDist: path.resolve(env.WEB_DIST?.trim() || path.join(repoRoot, 'packages/web/dist')),
    sessionIdleMinutes: positiveInt('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 120),
    sessionMaxDays: positiveInt('SESSION_MAX_DAYS', env.SESSION_MAX_DAYS, 7),
    jobs: {
      enabled: (env.JOBS_ENABLED ?? '1') !== '0',
      pollMs: positiveInt('JOBS_POLL_MS', env.JOBS_POLL_MS, 1000),
      leaseMs: positiveInt('JOBS_LEASE_MS', env.JOBS_LEASE_MS, 60_000),
    },
    reportRunsPerMinute: positiveInt('REPORT_RUNS_PER_MINUTE', env.REPORT_RUNS_PER_MINUTE?.trim(), 60),
    metricsPort: env.METRICS_PORT?.trim() ? positiveInt('METRICS_PORT', env.METRICS_PORT.trim(), 9464) : null,
    datasourceSecret: secretOf('DATASOURCE_SECRET', env.DATASOURCE_SECRET),
    appSecret: secretOf('APP_SECRET', env.APP_SECRET),
    workers: workersOf(env.WORKERS, databaseUrl, redisUrl),
    gateway: { upstreams: gatewayUpstreamsOf(env.GATEWAY_UPSTREAMS), timeoutMs: positiveInt('GATEWAY_TIMEOUT_MS', env.GATEWAY_TIMEOUT_MS, 15_000) },
    footer: {
      copyright: env.FOOTER_COPYRIGHT ?? `Copyright © ${new Date().getFullYear()} 商标协会 版权所有`,
      organiser: env.FOOTER_ORGANISER ?? '商标协会',
      phone: env.FOOTER_PHONE ?? '010-00000000',
      email: env.FOOTER_EMAIL ?? 'service@example.org.cn',
      icp: env.FOOTER_ICP ?? '京ICP备00000000号',
    },
    sms: smsConfigOf(env),
    smtp: smtpConfigOf(env),
    sso: loadSsoConfig(env),
  };
}
