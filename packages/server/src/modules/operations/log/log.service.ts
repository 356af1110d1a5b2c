import type { FastifyRequest } from 'fastify';
import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AgencyStatsPath, LogMsg, LogType, OPERATE_TYPE_TEXT, type LogRecord, type Page } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { escapeLike, fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import { columnsOf, toWorkbook } from '../../../platform/excel/excel.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { sysLog } from './log.table.ts';
import { operateTypeOf, readableContent } from './operation-log.ts';

export { LogType };

export type ClientInfo = { ip: string; userAgent: string | null };

export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

/** Writes a login-log row; `userid` holds the username and `username` the realname, as JeecgBoot does. */
export async function writeLoginLog(
  db: Db,
  entry: { content: string; username: string | null; realname: string | null; client: ClientInfo; url: string },
): Promise<void> {
  await db.insert(sysLog).values({
    id: newId(),
    logType: LogType.login,
    logContent: entry.content.slice(0, 1000),
    userid: entry.username?.slice(0, 100) ?? null,
    username: entry.realname?.slice(0, 100) ?? null,
    ip: entry.client.ip,
    userAgent: entry.client.userAgent,
    requestUrl: entry.url.slice(0, 500),
    requestType: 'POST',
    createBy: entry.username?.slice(0, 32) ?? null,
    createTime: new Date(),
  });
}

export const logWhitelist: ListResource = {
  table: sysLog,
  fields: fieldsOf(sysLog, {
    logType: 'number',
    operateType: 'number',
    userid: 'string',
    username: 'string',
    ip: 'string',
    requestType: 'string',
    requestUrl: 'string',
    permissionCode: 'string',
    statusCode: 'number',
    costTime: 'number',
    createTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

/**
 * The screen's own filters beyond the whitelist: `keyWord` in the content (stock) or the address, and
 * `user` in the username or the real name, both as substrings; `success` 1/0 for the outcome.
 */
function extraFilters(params: ListParams): SQL[] {
  // A list kit sends text filters as `*x*`; here they are substrings anyway.
  const text = (v: unknown) =>
    typeof v === 'string'
      ? v
          .trim()
          .replace(/^\*|\*$/g, '')
          .slice(0, 100)
      : '';
  const out: SQL[] = [];
  const keyWord = text(params.keyWord);
  if (keyWord) {
    const like = `%${escapeLike(keyWord)}%`;
    out.push(or(ilike(sysLog.logContent, like), ilike(sysLog.requestUrl, like))!);
  }
  const user = text(params.user);
  if (user) {
    const like = `%${escapeLike(user)}%`;
    out.push(or(ilike(sysLog.userid, like), ilike(sysLog.username, like))!);
  }
  if (params.success === '1' || params.success === '0') out.push(eq(sysLog.success, params.success === '1'));
  // statistics queries sent as POST were logged before issue 36 made them no operation: not shown
  out.push(sql`coalesce(${sysLog.method}, '') not like ${`%${AgencyStatsPath.list}`}`);
  return out;
}

type Row = typeof sysLog.$inferSelect;
/**
 * An entry as the list shows it; operation rows written before issue 36 are read in today's words: the
 * action without its developer notes, and the operate type their route has now (a sign-in was untyped).
 */
const record = (row: Row): LogRecord => {
  if (row.logType !== LogType.operation) return withDateTexts({ ...row, operateType_dictText: null }) as LogRecord;
  const operateType = row.operateType ?? operateTypeOf(row.method ?? (row.requestUrl ?? '').split('?')[0], row.requestType ?? 'POST');
  return withDateTexts({
    ...row,
    logContent: readableContent(row.logContent),
    operateType,
    operateType_dictText: OPERATE_TYPE_TEXT[operateType] ?? null,
  }) as LogRecord;
};

/** GET /sys/log/list: newest first unless the client sorts (stock SysLogController.queryPageList). */
export async function listLogs({ db }: Pick<ResourceCtx, 'db'>, params: ListParams): Promise<Page<LogRecord>> {
  const page = await pageOf<Row>(db, logWhitelist, params, { extra: extraFilters(params), tieBreak: sysLog.id });
  return { ...page, records: page.records.map(record) };
}

const exportColumns = columnsOf<LogRecord>({
  createTime: ['时间', 20],
  logType: ['日志类型', 10, (r) => (r.logType === LogType.login ? '登录日志' : '操作日志')],
  logContent: ['日志内容', 36],
  userid: ['操作人账号', 14],
  username: ['操作人名称', 14],
  ip: ['IP', 16],
  operateType: ['操作类型', 10, (r) => (r.operateType === null ? '' : (OPERATE_TYPE_TEXT[r.operateType] ?? ''))],
  requestType: ['请求方式', 10],
  requestUrl: ['请求地址', 36],
  permissionCode: ['权限编码', 24],
  statusCode: ['状态码', 8],
  success: ['结果', 8, (r) => (r.success === null ? '' : r.success ? '成功' : '失败')],
  costTime: ['耗时(毫秒)', 12],
  requestParam: ['请求参数', 60],
});

export async function exportLogs(ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> {
  const found = await exportRowsOf((query) => listLogs(ctx, query), params);
  const operation = String(params.logType) === String(LogType.operation);
  const title = operation ? '操作日志' : String(params.logType) === String(LogType.login) ? '登录日志' : '系统日志';
  return { body: await toWorkbook(title, exportColumns, found), fileName: `${title}.xlsx`, asciiName: operation ? 'operation-log.xlsx' : 'system-log.xlsx' };
}

/**
 * delete / deleteBatch (and stock's `allclear`): refused. The log is evidence of what was done, so it
 * goes only by age through the retention job; the routes still answer so the stock client gets words, not a 404.
 */
export async function deleteLogs(): Promise<never> {
  throw new BizError(LogMsg.deleteRefused);
}

/**
 * Runs `work` in a transaction marked as the retention job's: the only one the sys_log trigger lets
 * delete rows (migration 0030). Anything else deleting from the log is refused by the database.
 */
export function asLogRetention<T>(db: Db, work: (t: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (t) => {
    await t.execute(sql`select set_config('sbwq.log_retention', 'on', true)`);
    return work(t);
  });
}

/** Rows deleted per statement: a big backlog never holds one long lock or one huge WAL burst. */
export const PRUNE_CHUNK = 5_000;

/**
 * Log retention (the scheduled job's work, issue #25): removes login and operation rows older than
 * `olderThanDays` days, `chunk` rows per transaction until none is left; answers how many went.
 */
export async function pruneLogs(db: Db, olderThanDays: number, opts: { now?: Date; chunk?: number } = {}): Promise<number> {
  if (!Number.isFinite(olderThanDays) || olderThanDays < 1) throw new Error('olderThanDays must be at least 1');
  const cutoff = new Date((opts.now ?? new Date()).getTime() - olderThanDays * 86_400_000);
  const chunk = opts.chunk ?? PRUNE_CHUNK;
  let removed = 0;
  for (;;) {
    const [done] = await asLogRetention(db, (t) =>
      rows<{ n: number }>(
        t,
        sql`with gone as (
              delete from sys_log where id in (select id from sys_log where create_time < ${cutoff} limit ${chunk}) returning 1
            ) select count(*)::int as n from gone`,
      ),
    );
    removed += done.n;
    if (done.n < chunk) return removed;
  }
}

export const resource = { list: listLogs, remove: deleteLogs, exportXls: exportLogs };
