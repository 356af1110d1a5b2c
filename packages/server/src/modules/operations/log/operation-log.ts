import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { BATCH_BASE, bankResource, capitalPoolResource, CLAIM_BASE, LogType, OperateType, orgResource, rightResource } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
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

/** What a public call is, by its last segment: signing in and out, asking for an SMS code, the steps of 找回密码. */
const PUBLIC_TYPES: Record<string, number> = {
  login: OperateType.login,
  phoneLogin: OperateType.login,
  mLogin: OperateType.login,
  bindAccount: OperateType.login,
  logout: OperateType.logout,
  sms: OperateType.sms,
  register: OperateType.add,
  querySysUser: OperateType.query,
  phoneVerification: OperateType.query,
  passwordChange: OperateType.edit,
};

/**
 * operate_type from the route's last segment, as stock AutoLogAspect reads the method name's prefix.
 * Every entry has one (issue 36: an approval and every sign-in showed 操作类型 "—"): a sign-in, a
 * sign-out and an SMS request have their own; any other change (审核, 提交, 付款, a gateway call …) is a
 * 修改, or a 删除 when sent as DELETE.
 */
export function operateTypeOf(routeUrl: string, httpMethod = 'POST'): number {
  const last =
    routeUrl
      .split('/')
      .filter((p) => p && !p.startsWith(':'))
      .pop() ?? '';
  const named = PUBLIC_TYPES[last];
  if (named !== undefined) return named;
  if (/^(add|save|create)/i.test(last)) return OperateType.add;
  if (/^(delete|remove)/i.test(last)) return OperateType.delete;
  if (/^import/i.test(last)) return OperateType.import;
  if (/^export/i.test(last)) return OperateType.export;
  if (/^(edit|update|change|reset)/i.test(last)) return OperateType.edit;
  return httpMethod.toUpperCase() === 'DELETE' ? OperateType.delete : OperateType.edit;
}

/**
 * An action's name as a user reads it (issue 36): the OpenAPI summary without its developer notes in
 * brackets (the states it moves between, the codes it takes), which the reference page keeps.
 */
export function plainAction(summary: string): string {
  const name = summary.replace(/（[^（）]*）|\([^()]*\)/g, '').trim();
  return LEGACY_NAMES[name] ?? name;
}
/** Names older rows were written with that read as notation even without their brackets. */
const LEGACY_NAMES: Record<string, string> = { '初审/复审': '审核' };

/**
 * A stored entry's content as the lists show it: rows written before issue 36 carry the summary with
 * its notes (`线索批次-初审/复审（pass/reject/returned）：XS… 标题`); the action part is cleaned, the record
 * part after the first `：` is left as it was (a title may hold brackets of its own).
 */
export function readableContent(content: string | null): string | null {
  if (!content) return content;
  const at = content.indexOf('：');
  const action = at < 0 ? content : content.slice(0, at);
  const dash = action.indexOf('-');
  const cleaned = dash < 0 ? plainAction(action) : `${action.slice(0, dash)}-${plainAction(action.slice(dash + 1))}`;
  return at < 0 ? cleaned : `${cleaned}${content.slice(at)}`;
}

/** A decision's `result` as its dialog says it. */
const RESULT_TEXT: Record<string, string> = { pass: '通过', reject: '驳回', returned: '退回' };

/** What an entry says: the action, the records it touched by their business numbers, and the decision taken. */
export function operationContent(action: string, numbers: readonly string[], result?: string): string {
  const shown = numbers.length > 5 ? `${numbers.slice(0, 5).join('、')} 等 ${numbers.length} 条` : numbers.join('、');
  const decided = result ? `，${result}` : '';
  return `${action}${shown ? `：${shown}` : ''}${decided}`.slice(0, 1000);
}

/**
 * The business records an entry names by their number instead of their id: the table behind each
 * base path and the expression users know a record by — a batch and a claim by number and name, as
 * their approval records and the demo's entries say it (issue 36: a batch's review named its number only).
 */
const NUMBERED: readonly { base: string; table: string; label: string; returned?: string }[] = [
  { base: BATCH_BASE, table: 'rights_batch', label: "batch_no || ' ' || batch_name", returned: '退回补正' },
  { base: CLAIM_BASE, table: 'fin_claim', label: "claim_no || ' ' || org_name", returned: '退回补充发票' },
  { base: orgResource.basePath, table: 'rights_org', label: 'org_name' },
  { base: rightResource.basePath, table: 'rights_right', label: "trademark_name || coalesce('（注册号 ' || reg_no || '）', '')" },
  { base: bankResource.basePath, table: 'rights_bank_account', label: "account_name || '（' || bank_name || '）'" },
  { base: capitalPoolResource.basePath, table: 'fin_capital_pool', label: 'pool_name' },
];

/** What a queued row still needs from the database before it is written: record numbers, the signing-in user's name. */
type Pending = { numbered?: (typeof NUMBERED)[number]; ids: string[]; result?: string; account?: string };
const pendingOf = new WeakMap<OperationRow, Pending>();

const idsIn = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [])
    .filter((v): v is string => typeof v === 'string')
    .map((v) => v.trim())
    .filter((v) => v.length > 0 && v.length <= 36)
    .slice(0, 50);

/** The record ids a call was about: its `id` / `ids` (body or query), an item's batch, or the id an add answered. */
function targetIds(request: FastifyRequest, created: string | null): string[] {
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const query = (request.query && typeof request.query === 'object' ? request.query : {}) as Record<string, unknown>;
  for (const source of [body.id, body.ids, query.id, query.ids, body.batchId, query.batchId, body.claimId, query.claimId]) {
    const ids = idsIn(source);
    if (ids.length) return ids;
  }
  return created ? [created] : [];
}

/**
 * Completes the queued rows before they are written: the records' business numbers (one query per
 * table for the whole batch) and the decision after them, and the name of an account signing in.
 */
export async function describeOperations(db: Db, batch: OperationRow[]): Promise<void> {
  const waiting = batch.map((row) => [row, pendingOf.get(row)] as const).filter((p): p is readonly [OperationRow, Pending] => p[1] !== undefined);
  if (!waiting.length) return;
  const numbers = new Map<string, string>();
  for (const numbered of NUMBERED) {
    const ids = [...new Set(waiting.flatMap(([, p]) => (p.numbered === numbered ? p.ids : [])))];
    if (!ids.length) continue;
    const found = await rows<{ id: string; label: string | null }>(
      db,
      sql`select id, ${sql.raw(numbered.label)} as label from ${sql.identifier(numbered.table)} where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const f of found) if (f.label) numbers.set(`${numbered.table}:${f.id}`, f.label);
  }
  const accounts = [...new Set(waiting.flatMap(([, p]) => (p.account ? [p.account] : [])))];
  const names = new Map<string, string>();
  if (accounts.length) {
    const found = await rows<{ username: string; realname: string | null }>(
      db,
      sql`select username, realname from sys_user where username in (${sql.join(
        accounts.map((a) => sql`${a}`),
        sql`, `,
      )})`,
    );
    for (const u of found) if (u.realname) names.set(u.username, u.realname);
  }
  for (const [row, p] of waiting) {
    pendingOf.delete(row);
    if (p.account && !row.username) row.username = names.get(p.account)?.slice(0, 100) ?? null;
    if (!p.numbered) continue;
    const labels = p.ids.map((id) => numbers.get(`${p.numbered!.table}:${id}`)).filter((l): l is string => l !== undefined);
    const result = p.result === 'returned' && p.numbered.returned ? p.numbered.returned : p.result ? RESULT_TEXT[p.result] : undefined;
    row.logContent = operationContent(row.logContent ?? '', labels, result);
  }
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
    private readonly db: Db,
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
      // A row whose record numbers cannot be looked up is still written, with the action alone; a
      // batch with nothing to look up goes straight to the insert.
      if (batch.some((row) => pendingOf.has(row))) await describeOperations(this.db, batch).catch((error: unknown) => this.onError(error, 0));
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

type Outcome = { success: boolean; message: string | null; created: string | null };
const outcomes = new WeakMap<FastifyRequest, Outcome>();

function summaryOf(request: FastifyRequest): string {
  const schema = request.routeOptions.schema as { summary?: string; tags?: string[] } | undefined;
  const summary = schema?.summary ? plainAction(schema.summary) : (request.routeOptions.url ?? '');
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
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  // A sign-in has no session yet: the account it names is who acted (issue 36: such rows had no 操作人).
  const account = user ? null : typeof body.username === 'string' && body.username.trim() ? body.username.trim().slice(0, 100) : null;
  const row: OperationRow = {
    id: newId(),
    logType: LogType.operation,
    logContent: summaryOf(request),
    operateType: operateTypeOf(route, request.method),
    userid: user?.username.slice(0, 100) ?? account,
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
    errorMsg: success ? null : ((outcome?.message ?? null)?.slice(0, 500) ?? null),
    createBy: user?.username.slice(0, 32) ?? null,
    createTime: new Date(Date.now() - cost),
  };
  const numbered = NUMBERED.find((n) => route.includes(`${n.base}/`));
  const ids = numbered ? targetIds(request, outcome?.created ?? null) : [];
  const result = typeof body.result === 'string' ? body.result : undefined;
  if (ids.length || account) pendingOf.set(row, { ...(ids.length ? { numbered } : {}), ids, ...(result ? { result } : {}), ...(account ? { account } : {}) });
  return row;
}

/**
 * Registers the hooks on the root instance (before the routes, so every route has them): the envelope's
 * outcome is noted while the reply is serialized, the row is queued once the answer is sent.
 */
export function installOperationLog(
  app: FastifyInstance,
  deps: { db: Db },
  opts?: { intervalMs: number; maxRows: number; maxQueued: number },
): OperationLogQueue {
  const queue = new OperationLogQueue(deps.db, (error, count) => app.log.error({ err: error, rows: count }, 'operation log write failed'), opts);
  queues.set(app, queue);

  app.addHook('preSerialization', (request, _reply, payload, done) => {
    if (MUTATING.has(request.method) && payload !== null && typeof payload === 'object' && 'success' in payload) {
      const envelope = payload as { success: unknown; message?: unknown; result?: unknown };
      const created = typeof envelope.result === 'string' && envelope.result.length <= 36 ? envelope.result : null;
      outcomes.set(request, { success: envelope.success === true, message: typeof envelope.message === 'string' ? envelope.message : null, created });
    }
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Unknown paths (404, the SPA) are no operation; a socket upgrade is a GET; a declared query sent as
    // POST (its filters in the body) only reads (issue 36).
    if (queue.enabled && MUTATING.has(request.method) && !request.is404 && !request.routeOptions.config.readOnly) {
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
