import { z } from 'zod';
import { defineFlow } from '../flow.ts';

/**
 * 系统监控: what the administrator reads about the running system. Stock JeecgBoot 2.3 answers these
 * from Spring Boot's `/actuator/...` and `/sys/actuator/redis/...`, whose shapes are Java's (JVM, Tomcat)
 * and which the spec does not list; ours are under `/sys/monitor/...`, admin only.
 */
export const MONITOR_BASE = '/sys/monitor';

/** How often the screens poll while shown, and how often every process writes its heartbeat. */
export const MONITOR_POLL_MS = 5_000;
export const HEARTBEAT_MS = 5_000;
/** A process whose last heartbeat is older than this is shown 离线. */
export const OFFLINE_AFTER_MS = 60_000;
/** How many requests the trace buffer of one process keeps. */
export const TRACE_LIMIT = 200;

/** One process's facts, as its heartbeat wrote them (bytes, percent, milliseconds, seconds). */
export const processFactsSchema = z.object({
  cpuPercent: z.number(),
  rss: z.number(),
  heapUsed: z.number(),
  heapTotal: z.number(),
  external: z.number(),
  /** event-loop delay since the previous sample, ms */
  loopMean: z.number(),
  loopP99: z.number(),
  loopMax: z.number(),
  uptime: z.number(),
  nodeVersion: z.string(),
  sockets: z.number(),
  /** API requests answered since start (those the trace ring counts) */
  requests: z.number(),
  loadAvg: z.array(z.number()),
  cpus: z.number(),
  totalMem: z.number(),
  freeMem: z.number(),
});
export type ProcessFacts = z.infer<typeof processFactsSchema>;

export const processRowSchema = z.object({
  id: z.string(),
  host: z.string(),
  pid: z.number(),
  startedAt: z.string(),
  seenAt: z.string(),
  /** heard from within OFFLINE_AFTER_MS */
  online: z.boolean(),
  /** the process that answered this request */
  current: z.boolean(),
  facts: processFactsSchema,
});
export type ProcessRow = z.infer<typeof processRowSchema>;

export const diskSchema = z.object({
  dataDir: z.string(),
  exists: z.boolean(),
  totalBytes: z.number(),
  freeBytes: z.number(),
  /** bytes under DATA_DIR (counted up to a bound: `capped`) */
  folderBytes: z.number(),
  folderFiles: z.number(),
  capped: z.boolean(),
});

export const serverMonitorSchema = z.object({ now: z.string(), processes: z.array(processRowSchema), disk: diskSchema });
export type ServerMonitor = z.infer<typeof serverMonitorSchema>;

export const databaseMonitorSchema = z.object({
  kind: z.enum(['pglite', 'postgres']),
  version: z.string(),
  sizeBytes: z.number(),
  /** sessions on this database by state; null where the server cannot tell (embedded database) */
  connections: z.array(z.object({ state: z.string(), count: z.number() })).nullable(),
  statements: z.object({
    available: z.boolean(),
    /** why the slow statements are not shown */
    note: z.string(),
    rows: z.array(z.object({ query: z.string(), calls: z.number(), totalMs: z.number(), meanMs: z.number(), rows: z.number() })),
  }),
  tables: z.array(z.object({ name: z.string(), totalBytes: z.number(), rows: z.number() })),
});
export type DatabaseMonitor = z.infer<typeof databaseMonitorSchema>;

export const redisMonitorSchema = z.object({
  configured: z.boolean(),
  /** the connection failed: its message */
  error: z.string().nullable(),
  prefix: z.string(),
  server: z.record(z.string(), z.string()),
  memory: z.record(z.string(), z.string()),
  stats: z.record(z.string(), z.string()),
  /** keys of this deployment's prefix, counted up to a bound (`keysCapped`) */
  keys: z.number(),
  keysCapped: z.boolean(),
  dbSize: z.number(),
});
export type RedisMonitor = z.infer<typeof redisMonitorSchema>;

export const traceSchema = z.object({
  time: z.string(),
  method: z.string(),
  /** the path without its query string */
  path: z.string(),
  /** the route pattern that served it, or empty */
  route: z.string(),
  status: z.number(),
  durationMs: z.number(),
  /** the signed-in user's account, empty when anonymous */
  username: z.string(),
});
export type Trace = z.infer<typeof traceSchema>;
export const tracesSchema = z.object({ process: z.string(), records: z.array(traceSchema) });

export const onlineUserSchema = z.object({
  username: z.string(),
  realname: z.string(),
  ip: z.string(),
  loginTime: z.string(),
  lastSeen: z.string(),
  sessions: z.number(),
});
export const onlineSchema = z.object({ windowMinutes: z.number(), records: z.array(onlineUserSchema), sockets: z.number() });
export type OnlineUsers = z.infer<typeof onlineSchema>;

const get = { method: 'GET', adminOnly: true } as const;

export const monitorFlow = defineFlow()({
  basePath: MONITOR_BASE,
  actions: {
    server: {
      ...get,
      path: 'server',
      reply: serverMonitorSchema,
      summary: '服务器监控：每个服务进程的 CPU、内存、事件循环延迟、运行时长（心跳），以及数据目录的磁盘占用',
    },
    database: { ...get, path: 'database', reply: databaseMonitorSchema, summary: '数据库监控：大小、连接、最慢语句（pg_stat_statements）、表大小前20' },
    redis: { ...get, path: 'redis', reply: redisMonitorSchema, summary: 'Redis 监控：INFO server/memory/stats 与本系统前缀的键数量' },
    traces: {
      ...get,
      path: 'traces',
      reply: tracesSchema,
      summary: '请求追踪：本进程最近200个请求（方法、路径、状态、耗时、用户；不含令牌、请求体与查询参数）',
    },
    online: { ...get, path: 'online', reply: onlineSchema, summary: '在线用户：最近几分钟内使用过会话的用户' },
  },
});
