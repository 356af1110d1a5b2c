import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LogType, OperateType } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysLog } from './log.table.ts';

/**
 * 操作日志 (issue #25): one row per mutating call, written from one place — the hooks below — after
 * the answer has gone out, in batches, so no call waits for it and a failing log write never reaches
 * the caller. Login and operation rows share `sys_log`, so one retention job covers both.
 */

export type OperationRow = typeof sysLog.$inferInsert;

const MUTATING = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Any field named like these is replaced, at any depth: passwords, tokens, secrets, captcha answers, and the
 * one-time values of the account flows (the password-reset ticket, a CAS ticket, an OIDC code verifier or nonce).
 */
const SECRET_KEY = /pass(word)?|pwd|secret|token|captcha|checkkey|credential|api_?key|private_?key|salt|sms_?code|verify_?code|ticket|verifier|nonce/i;
export const MASK = '******';
const MAX_STRING = 500;
const MAX_ITEMS = 50;
const MAX_DEPTH = 6;
/** What a row keeps of a body: enough to see what was sent, never a whole file. */
export const MAX_PARAM = 4000;

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') {
    // An inline file (data URL, base64 image) is content, not a parameter.
    if (/^data:[\w.+-]+\/[\w.+-]+;base64,/i.test(value)) return `[文件内容已省略，${value.length} 字符]`;
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…（共 ${value.length} 字符）` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map((v) => clean(v, depth + 1));
    return value.length > MAX_ITEMS ? [...kept, `…（共 ${value.length} 项）`] : kept;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? MASK : clean(v, depth + 1);
  return out;
}

/** A request body as the log keeps it: secrets masked, files left out, long values and the whole cut short. */
export function sanitizeBody(body: unknown, multipart = false): string | null {
  if (multipart) return '[文件上传，内容不记录]';
  if (body === undefined || body === null || body === '') return null;
  if (Buffer.isBuffer(body)) return `[二进制请求体，${body.length} 字节，不记录]`;
  if (typeof body === 'string') return `[文本请求体，${body.length} 字符，不记录]`;
  const text = JSON.stringify(clean(body, 0));
  return text.length > MAX_PARAM ? `${text.slice(0, MAX_PARAM)}…（已截断）` : text;
}

/** The address without secrets in its query (`?token=` of downloads and sockets, for one). */
export function sanitizeUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url.slice(0, 500);
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(url.slice(at + 1))) params.append(key, SECRET_KEY.test(key) ? MASK : value);
  const query = params.toString();
  return `${url.slice(0, at)}${query ? `?${decodeURIComponent(query)}` : ''}`.slice(0, 500);
}

/** operate_type from the route's last segment, as stock AutoLogAspect reads the method name's prefix. */
export function operateTypeOf(routeUrl: string): number | null {
  const last = routeUrl.split('/').filter((p) => p && !p.startsWith(':')).pop() ?? '';
  if (/^(add|save|create)/i.test(last)) return OperateType.add;
  if (/^(delete|remove)/i.test(last)) return OperateType.delete;
  if (/^import/i.test(last)) return OperateType.import;
  if (/^export/i.test(last)) return OperateType.export;
  if (/^(edit|update|change|reset)/i.test(last)) return OperateType.edit;
  return null;
}

type Sink = (rows: OperationRow[]) => Promise<void>;

/**
 * The in-process queue: rows wait here until the next flush — every `intervalMs`, or at once when
 * `maxRows` are waiting, and on close. Flushes run one after another, each one multi-row insert. A
 * failed insert is reported to `onError` and its rows dropped; a database away for long cannot grow
 * the queue past `maxQueued` (the oldest rows go first).
 */
export class OperationLogQueue {
  /** where a batch goes; replaceable so a test can slow it down or make it fail */
  sink: Sink;
  /** off: rows are not even queued (the bench's comparison) */
  enabled = true;
  dropped = 0;
  private pending: OperationRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    db: Db,
    private readonly onError: (error: unknown, rows: number) => void,
    private readonly opts = { intervalMs: 1000, maxRows: 200, maxQueued: 20_000 },
  ) {
    this.sink = async (batch) => {
      await db.insert(sysLog).values(batch);
    };
  }

  get queued(): number {
    return this.pending.length;
  }

  push(row: OperationRow): void {
    if (!this.enabled) return;
    this.pending.push(row);
    if (this.pending.length > this.opts.maxQueued) this.dropped += this.pending.splice(0, this.pending.length - this.opts.maxQueued).length;
    if (this.pending.length >= this.opts.maxRows) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.opts.intervalMs).unref();
  }

  /** Writes what is waiting; resolves when it (and any flush before it) is done. Never rejects. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending.splice(0);
    if (batch.length === 0) return this.chain;
    this.chain = this.chain.then(async () => {
      try {
        // One statement per batch; PostgreSQL takes at most 65,535 parameters, so a big backlog goes in slices.
        for (let i = 0; i < batch.length; i += 1000) await this.sink(batch.slice(i, i + 1000));
      } catch (error) {
        this.onError(error, batch.length);
      }
    });
    return this.chain;
  }
}

const queues = new WeakMap<FastifyInstance, OperationLogQueue>();

/** The queue of an app built by `buildApp`, for the tests and the bench. */
export function operationLogOf(app: FastifyInstance): OperationLogQueue {
  const queue = queues.get(app);
  if (!queue) throw new Error('operation log not installed');
  return queue;
}

type Outcome = { success: boolean; message: string | null };
const outcomes = new WeakMap<FastifyRequest, Outcome>();

function summaryOf(request: FastifyRequest): string {
  const schema = request.routeOptions.schema as { summary?: string; tags?: string[] } | undefined;
  const summary = schema?.summary ?? request.routeOptions.url ?? '';
  const tag = schema?.tags?.[0];
  return (tag ? `${tag}-${summary}` : summary).slice(0, 1000);
}

function permissionOf(request: FastifyRequest): string {
  const config = request.routeOptions.config;
  if (config.permission) return config.permission;
  return config.adminOnly ? 'adminOnly' : config.signedIn ? 'signedIn' : 'public';
}

function rowOf(request: FastifyRequest, reply: FastifyReply): OperationRow {
  const outcome = outcomes.get(request);
  const status = reply.statusCode;
  const success = outcome ? outcome.success && status < 400 : status < 400;
  const cost = Math.round(reply.elapsedTime);
  const user = request.user;
  const ua = request.headers['user-agent'];
  const route = request.routeOptions.url ?? '';
  return {
    id: newId(),
    logType: LogType.operation,
    logContent: summaryOf(request),
    operateType: operateTypeOf(route),
    userid: user?.username.slice(0, 100) ?? null,
    username: user?.realname.slice(0, 100) ?? null,
    ip: request.ip.slice(0, 64),
    userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null,
    method: route.slice(0, 500),
    requestUrl: sanitizeUrl(request.url),
    requestParam: sanitizeBody(request.body, request.isMultipart()),
    requestType: request.method,
    costTime: cost,
    permissionCode: permissionOf(request).slice(0, 100),
    statusCode: status,
    success,
    errorMsg: success ? null : (outcome?.message ?? null)?.slice(0, 500) ?? null,
    createBy: user?.username.slice(0, 32) ?? null,
    createTime: new Date(Date.now() - cost),
  };
}

/**
 * Registers the hooks on the root instance (before the routes, so every route has them): the envelope's
 * outcome is noted while the reply is serialized, the row is queued once the answer is sent.
 */
export function installOperationLog(app: FastifyInstance, deps: { db: Db }, opts?: { intervalMs: number; maxRows: number; maxQueued: number }): OperationLogQueue {
  const queue = new OperationLogQueue(deps.db, (error, count) => app.log.error({ err: error, rows: count }, 'operation log write failed'), opts);
  queues.set(app, queue);

  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (MUTATING.has(request.method) && payload !== null && typeof payload === 'object' && 'success' in payload) {
      const envelope = payload as { success: unknown; message?: unknown };
      outcomes.set(request, { success: envelope.success === true, message: typeof envelope.message === 'string' ? envelope.message : null });
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Unknown paths (404, the SPA) are no operation; a socket upgrade is a GET.
    if (queue.enabled && MUTATING.has(request.method) && !request.is404) {
      try {
        queue.push(rowOf(request, reply));
      } catch (error) {
        app.log.error({ err: error }, 'operation log entry failed');
      }
    }
    done();
  });
  app.addHook('onClose', () => queue.flush());
  return queue;
}
