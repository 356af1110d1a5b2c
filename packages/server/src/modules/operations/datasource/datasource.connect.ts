import pg from 'pg';
import type mysql from 'mysql2/promise';
import { DataSourceType, type DataSourceTypeValue } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import { lazyModule } from '../../../platform/lazy-module.ts';

/** The MySQL driver (some 3 MB of heap), loaded when a MySQL source is first reached. */
export const mysqlDriver = lazyModule<typeof mysql>('mysql2/promise');

/** Where one data source is, as its record says, with its password opened (null: the user has none). */
export type ConnectionSpec = {
  dbType: DataSourceTypeValue;
  host: string;
  port: number;
  databaseName: string;
  username: string;
  password: string | null;
};

/** Dates and times as the database writes them (text), on both kinds: a report shows them, it does not compute with them. */
const TEXT_TYPES = new Set<number>([1082, 1083, 1114, 1184, 1266]);
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Where a driver connects: both drivers name the fields alike. A record without a password sends an empty
 * one: pg asks for it only when the server does, and an empty one is refused there as a wrong one.
 */
const endpoint = (spec: ConnectionSpec) => ({
  host: spec.host,
  port: spec.port,
  database: spec.databaseName,
  user: spec.username,
  password: spec.password ?? '',
});

/** Options of a PostgreSQL client or pool; no TLS, no options a record could add (the fields are structured). */
export function pgOptions(spec: ConnectionSpec, connectMs: number): pg.ClientConfig {
  return {
    ...endpoint(spec),
    connectionTimeoutMillis: connectMs,
    application_name: 'sbwq-datasource',
    types: pgTypes,
  };
}

/** Options of a MySQL / MariaDB connection or pool: one statement per call, exact numbers and dates as text. */
export function mysqlOptions(spec: ConnectionSpec, connectMs: number): mysql.ConnectionOptions {
  return {
    ...endpoint(spec),
    connectTimeout: connectMs,
    multipleStatements: false,
    supportBigNumbers: true,
    bigNumberStrings: true,
    dateStrings: true,
    // a LOAD DATA LOCAL asked for by the server would read this machine's files
    flags: ['-LOCAL_FILES'],
  };
}

const CODES_UNREACHABLE = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN', 'EADDRNOTAVAIL']);
const CODES_NOT_FOUND = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME']);
const CODES_TIMEOUT = new Set(['ETIMEDOUT', 'PROTOCOL_SEQUENCE_TIMEOUT']);
// PostgreSQL SQLSTATE 28P01 wrong password, 28000 no such role / not allowed to log in (pg_hba); MySQL 1045 wrong
// user or password, 1698 no password for a socket-only user
const AUTH_STATES = new Set(['28P01', '28000']);
const AUTH_ERRNOS = new Set([1045, 1698]);

type DriverError = Error & { code?: string; errno?: number; sqlState?: string };

/** Whether an error is the connection's (the server could not be reached or would not let us in) rather than a statement's. */
export function isConnectionFailure(error: unknown): boolean {
  const e = error as DriverError;
  if (e instanceof TimeoutError) return true;
  const code = e?.code ?? '';
  return (
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET' ||
    CODES_UNREACHABLE.has(code) ||
    CODES_NOT_FOUND.has(code) ||
    CODES_TIMEOUT.has(code) ||
    AUTH_STATES.has(code) ||
    code === '3D000' ||
    AUTH_ERRNOS.has(e?.errno ?? 0) ||
    e?.errno === 1044 ||
    e?.errno === 1049 ||
    /timeout expired|connection timeout|Connection terminated unexpectedly|client password must be a string/i.test(e?.message ?? '')
  );
}

/** A connection that did not finish in time: we gave up, not the driver. */
export class TimeoutError extends Error {}

/** What an administrator reads when a connection fails: which of 主机不可达 / 认证失败 / 数据库不存在 / 超时, and where. */
export function connectionFailureText(error: unknown, spec: Pick<ConnectionSpec, 'host' | 'port' | 'databaseName' | 'username'>, timeoutMs: number): string {
  const e = error as DriverError;
  const code = e?.code ?? '';
  const where = `${spec.host}:${spec.port}`;
  const message = e?.message ?? String(error);
  if (e instanceof TimeoutError || CODES_TIMEOUT.has(code) || /timeout expired|connection timeout/i.test(message))
    return `连接失败：超时（${timeoutMs / 1000} 秒内未能连上 ${where}，请检查主机、端口与防火墙）`;
  if (code === 'ECONNREFUSED') return `连接失败：主机不可达（${where} 拒绝连接，请检查端口和数据库服务是否已启动）`;
  if (CODES_NOT_FOUND.has(code)) return `连接失败：主机不可达（找不到主机 ${spec.host}）`;
  if (CODES_UNREACHABLE.has(code)) return `连接失败：主机不可达（无法访问 ${where}）`;
  if (code === 'ECONNRESET' || /Connection terminated unexpectedly/i.test(message))
    return `连接失败：主机不可达（${where} 断开了连接，对方可能不是所选类型的数据库）`;
  if (AUTH_STATES.has(code) || AUTH_ERRNOS.has(e?.errno ?? 0) || /client password must be a string/i.test(message))
    return `连接失败：认证失败（用户 ${spec.username} 的用户名或密码错误，或不允许从本机登录）`;
  if (e?.errno === 1044) return `连接失败：认证失败（用户 ${spec.username} 无权访问数据库 ${spec.databaseName}）`;
  if (code === '3D000' || e?.errno === 1049) return `连接失败：数据库不存在（${spec.databaseName}）`;
  return `连接失败：${message.slice(0, 200)}`;
}

/**
 * Runs `work` for at most `ms`; past it, `abandon` tears the connection down and the caller gets a
 * TimeoutError, whatever the driver's own timers think (a server that accepts and never answers).
 */
export async function within<T>(ms: number, work: Promise<T>, abandon: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abandon();
      reject(new TimeoutError(`no answer within ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `PostgreSQL 15.18` of `15.18 (Debian 15.18-0+deb12u1)`; `MariaDB 10.11.19` of `10.11.19-MariaDB-0+deb12u1`. */
export function serverName(dbType: DataSourceTypeValue, version: string): string {
  if (dbType === DataSourceType.postgresql) return `PostgreSQL ${version.split(' ')[0]}`;
  const number = version.split('-')[0];
  return /mariadb/i.test(version) ? `MariaDB ${number}` : `MySQL ${number}`;
}

async function probePg(spec: ConnectionSpec, timeoutMs: number): Promise<string> {
  const client = new pg.Client({ ...pgOptions(spec, timeoutMs), query_timeout: timeoutMs });
  // an error after we gave up (the socket torn down) must not become an unhandled 'error' event
  client.on('error', () => undefined);
  const work = (async () => {
    await client.connect();
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0].server_version;
  })();
  try {
    return await within(timeoutMs, work, () => void client.end().catch(() => undefined));
  } finally {
    work.catch(() => undefined);
    void client.end().catch(() => undefined);
  }
}

async function probeMysql(spec: ConnectionSpec, timeoutMs: number): Promise<string> {
  let connection: mysql.Connection | null = null;
  const work = (async () => {
    connection = await mysqlDriver().createConnection(mysqlOptions(spec, timeoutMs));
    connection.on('error', () => undefined);
    const [rows] = await connection.query<mysql.RowDataPacket[]>({ sql: 'select version() as v', timeout: timeoutMs });
    return String(rows[0].v);
  })();
  try {
    return await within(timeoutMs, work, () => (connection as mysql.Connection | null)?.destroy());
  } finally {
    work.catch(() => undefined);
    (connection as mysql.Connection | null)?.destroy();
  }
}

/**
 * 测试连接: one new connection (never a pooled one, so a changed password is really tried), signed in,
 * one query for the server's version, closed again; at most `timeoutMs` in all. A failure is a BizError
 * whose message says which of 主机不可达 / 认证失败 / 数据库不存在 / 超时 it was.
 */
export async function testConnection(spec: ConnectionSpec, timeoutMs: number): Promise<{ serverVersion: string; elapsedMs: number }> {
  const started = performance.now();
  try {
    const version = spec.dbType === DataSourceType.postgresql ? await probePg(spec, timeoutMs) : await probeMysql(spec, timeoutMs);
    return { serverVersion: serverName(spec.dbType, version), elapsedMs: Math.round(performance.now() - started) };
  } catch (error) {
    throw new BizError(connectionFailureText(error, spec, timeoutMs));
  }
}
