import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ONLINE_WINDOW_MINUTES, type DatabaseMonitor, type OnlineUsers, type RedisMonitor, type ServerMonitor } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { listProcesses } from '../../../platform/metrics/heartbeat.ts';
import type { Monitoring } from '../../../platform/metrics/monitoring.ts';
import { redisClient } from '../../../platform/redis/link.ts';

/** How many entries of DATA_DIR are counted at most (a huge upload folder must not stall a poll). */
const DISK_WALK_LIMIT = 20_000;
/** How many keys of our prefix are counted at most. */
const REDIS_KEY_LIMIT = 100_000;

/** Every process sharing the database, this one sampled just now; and the disk of DATA_DIR. */
export async function serverMonitor(db: Db, monitoring: Monitoring, dataDir: string): Promise<ServerMonitor> {
  await monitoring.beat();
  const now = new Date();
  const [processes, disk] = await Promise.all([listProcesses(db, monitoring.me, now), diskUse(dataDir)]);
  return { now: now.toISOString(), processes, disk };
}

export async function diskUse(dataDir: string): Promise<ServerMonitor['disk']> {
  const empty = { dataDir, exists: false, totalBytes: 0, freeBytes: 0, folderBytes: 0, folderFiles: 0, capped: false };
  let stats;
  try {
    stats = await fs.statfs(dataDir);
  } catch {
    return empty;
  }
  let folderBytes = 0;
  let folderFiles = 0;
  let seen = 0;
  let capped = false;
  const pending = [dataDir];
  while (pending.length > 0 && !capped) {
    const dir = pending.pop()!;
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > DISK_WALK_LIMIT) {
        capped = true;
        break;
      }
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) {
        const st = await fs.stat(full).catch(() => null);
        if (st) {
          folderBytes += st.size;
          folderFiles++;
        }
      }
    }
  }
  return { dataDir, exists: true, totalBytes: stats.blocks * stats.bsize, freeBytes: stats.bavail * stats.bsize, folderBytes, folderFiles, capped };
}

const num = (v: unknown) => Number(v ?? 0);

/** Size, sessions, slow statements (where pg_stat_statements is there) and the 20 biggest tables. */
export async function databaseMonitor(db: Db): Promise<DatabaseMonitor> {
  const [{ version, size }] = await rows<{ version: string; size: string }>(
    db,
    sql`select version() as version, pg_database_size(current_database())::text as size`,
  );
  // The embedded database (PGlite) is PostgreSQL compiled to WebAssembly: one session, no statistics collector.
  const kind = /emscripten|wasm/i.test(version) ? 'pglite' : 'postgres';
  const tables = await rows<{ name: string; total: string; rows: string }>(
    db,
    sql`select c.relname as name, pg_total_relation_size(c.oid)::text as total, greatest(c.reltuples, 0)::bigint::text as rows
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind in ('r', 'p') and n.nspname = 'public'
         order by pg_total_relation_size(c.oid) desc, c.relname limit 20`,
  );
  let connections: DatabaseMonitor['connections'] = null;
  let statements: DatabaseMonitor['statements'] = { available: false, note: '内置数据库（PGlite）没有 pg_stat_statements，无法列出最慢语句', rows: [] };
  if (kind === 'postgres') {
    const byState = await rows<{ state: string; n: string }>(
      db,
      sql`select coalesce(state, '') as state, count(*)::text as n from pg_stat_activity where datname = current_database() group by 1 order by 1`,
    );
    connections = byState.map((r) => ({ state: r.state || '后台进程', count: num(r.n) }));
    statements = await slowStatements(db);
  }
  return {
    kind,
    version,
    sizeBytes: num(size),
    connections,
    statements,
    tables: tables.map((t) => ({ name: t.name, totalBytes: num(t.total), rows: num(t.rows) })),
  };
}

async function slowStatements(db: Db): Promise<DatabaseMonitor['statements']> {
  const [installed] = await rows<{ ok: boolean }>(db, sql`select exists (select 1 from pg_extension where extname = 'pg_stat_statements') as ok`);
  if (!installed?.ok) {
    return {
      available: false,
      note: '数据库未安装 pg_stat_statements 扩展（需在 shared_preload_libraries 中加载并执行 CREATE EXTENSION pg_stat_statements），无法列出最慢语句',
      rows: [],
    };
  }
  try {
    // constants are already replaced by $1, $2… in pg_stat_statements: no value of a statement shows here
    const found = await rows<{ query: string; calls: string; total: string; mean: string; rows: string }>(
      db,
      sql`select left(query, 500) as query, calls::text as calls, total_exec_time::text as total, mean_exec_time::text as mean, rows::text as rows
            from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
           order by mean_exec_time desc limit 10`,
    );
    const round = (v: string) => Math.round(Number(v) * 100) / 100;
    return {
      available: true,
      note: '按平均耗时排序的前10条语句',
      rows: found.map((r) => ({ query: r.query, calls: num(r.calls), totalMs: round(r.total), meanMs: round(r.mean), rows: num(r.rows) })),
    };
  } catch (error) {
    return { available: false, note: `pg_stat_statements 不可用：${error instanceof Error ? error.message : String(error)}`, rows: [] };
  }
}

/** The fields of an INFO section worth showing (the rest is Redis internals). */
const INFO_FIELDS = {
  server: ['redis_version', 'redis_mode', 'os', 'arch_bits', 'process_id', 'tcp_port', 'uptime_in_seconds', 'uptime_in_days'],
  memory: [
    'used_memory',
    'used_memory_human',
    'used_memory_rss_human',
    'used_memory_peak_human',
    'maxmemory_human',
    'maxmemory_policy',
    'mem_fragmentation_ratio',
  ],
  stats: [
    'total_connections_received',
    'total_commands_processed',
    'instantaneous_ops_per_sec',
    'keyspace_hits',
    'keyspace_misses',
    'expired_keys',
    'evicted_keys',
    'rejected_connections',
  ],
} as const;

function infoFields(text: string, wanted: readonly string[]): Record<string, string> {
  const all = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0 && !line.startsWith('#')) all.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  return Object.fromEntries(wanted.filter((k) => all.has(k)).map((k) => [k, all.get(k)!]));
}

/** INFO server/memory/stats and the number of keys of our prefix; `configured: false` without REDIS_URL. */
export async function redisMonitor(redisUrl: string | null, prefix: string): Promise<RedisMonitor> {
  const none: RedisMonitor = { configured: false, error: null, prefix, server: {}, memory: {}, stats: {}, keys: 0, keysCapped: false, dbSize: 0 };
  if (!redisUrl) return none;
  // A connection of its own for the poll, given up at once when Redis is down (no retry, no queue).
  const { Redis } = redisClient();
  const client = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const [server, memory, stats, dbSize] = await Promise.all([client.info('server'), client.info('memory'), client.info('stats'), client.dbsize()]);
    let keys = 0;
    let cursor = '0';
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      keys += batch.length;
      cursor = next;
    } while (cursor !== '0' && keys < REDIS_KEY_LIMIT);
    return {
      ...none,
      configured: true,
      server: infoFields(server, INFO_FIELDS.server),
      memory: infoFields(memory, INFO_FIELDS.memory),
      stats: infoFields(stats, INFO_FIELDS.stats),
      keys,
      keysCapped: cursor !== '0',
      dbSize,
    };
  } catch (error) {
    return { ...none, configured: true, error: `无法连接 Redis：${error instanceof Error ? error.message : String(error)}` };
  } finally {
    client.disconnect();
  }
}

/** Users whose session was used in the last ONLINE_WINDOW_MINUTES minutes, one row each (never a token). */
export async function onlineUsers(db: Db, sockets: number, now = new Date()): Promise<OnlineUsers> {
  const since = new Date(now.getTime() - ONLINE_WINDOW_MINUTES * 60_000);
  const found = await rows<{ username: string; realname: string | null; ip: string | null; login: Date | string; seen: Date | string; n: string }>(
    db,
    sql`select u.username, u.realname, (array_agg(s.ip order by s.last_seen_at desc))[1] as ip,
               min(s.created_at) as login, max(s.last_seen_at) as seen, count(*)::text as n
          from sys_session s join sys_user u on u.id = s.user_id
         where s.revoked_at is null and s.expires_at > ${now} and s.last_seen_at > ${since}
         group by u.username, u.realname
         order by max(s.last_seen_at) desc
         limit 500`,
  );
  return {
    windowMinutes: ONLINE_WINDOW_MINUTES,
    sockets,
    records: found.map((r) => ({
      username: r.username,
      realname: r.realname ?? '',
      ip: r.ip ?? '',
      loginTime: formatDateTime(r.login) ?? '',
      lastSeen: formatDateTime(r.seen) ?? '',
      sessions: num(r.n),
    })),
  };
}
