import { eq, inArray, sql } from 'drizzle-orm';
import {
  MSG_MAX_TRIES,
  MessageMsg,
  MsgSendStatus,
  MsgType,
  type MessageBody,
  type MessageEditBody,
  type MessageRecord,
  type Page,
  type SendMsgBody,
} from '@sbwq/contracts';
import { messageBody } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { columnsOf, importColumnsOf, toWorkbook, type ImportReport } from '../../../platform/excel/excel.ts';
import { bodyOf, importRows } from '../../../platform/resource/resource-excel.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import type { TemplateVars } from '../../core/notice/notice-template.ts';
import { channels } from './message.channels.ts';
import { renderForSend, templateByCode, testVars } from './message-template.service.ts';
import { sysSms } from './message.table.ts';

export const messageWhitelist: ListResource = {
  table: sysSms,
  fields: fieldsOf(sysSms, {
    esTitle: 'string',
    esContent: 'string',
    esReceiver: 'string',
    esType: 'string',
    esSendStatus: 'string',
    templateCode: 'string',
    esSendTime: 'datetime',
    createTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

type Row = typeof sysSms.$inferSelect;

const dictTexts = async (ctx: ResourceCtx) => {
  const all = await ctx.deps.dicts.allItems();
  return { type: new Map((all.msgType ?? []).map((i) => [i.value, i.text])), status: new Map((all.msgSendStatus ?? []).map((i) => [i.value, i.text])) };
};

const record = (row: Row, texts: Awaited<ReturnType<typeof dictTexts>>): MessageRecord => {
  const { leaseUntil: _lease, ...rest } = row;
  return {
    ...(withDateTexts(rest, ['esSendTime', 'nextTryTime', 'createTime', 'updateTime']) as Omit<MessageRecord, 'esType_dictText' | 'esSendStatus_dictText'>),
    esType_dictText: texts.type.get(row.esType),
    esSendStatus_dictText: texts.status.get(row.esSendStatus),
  };
};

export async function listMessages(ctx: ResourceCtx, params: ListParams): Promise<Page<MessageRecord>> {
  const page = await pageOf<Row>(ctx.db, messageWhitelist, params, { tieBreak: sysSms.id });
  const texts = await dictTexts(ctx);
  return { ...page, records: page.records.map((r) => record(r, texts)) };
}

export async function messageById(ctx: ResourceCtx, id: string): Promise<MessageRecord> {
  const [row] = await ctx.db.select().from(sysSms).where(eq(sysSms.id, id));
  if (!row) throw new BizError(MessageMsg.messageNotFound);
  return record(row, await dictTexts(ctx));
}

export type NewMessage = {
  type: string;
  receiver: string;
  title: string | null;
  content: string;
  params?: string | null;
  templateCode?: string | null;
  remark?: string | null;
};

/**
 * Writes a message to the log, 未发送 and due now: what is written is delivered — by `deliverOne` right
 * after the caller's commit, or else by the 消息发送 job — so a message is never lost between the two.
 */
export async function enqueue(db: Db, user: SessionUser | null, m: NewMessage): Promise<string> {
  const id = newId();
  await db.insert(sysSms).values({
    id,
    esTitle: m.title?.slice(0, 100) ?? null,
    esContent: m.content.slice(0, 4000),
    esParam: m.params?.slice(0, 1000) ?? null,
    esReceiver: m.receiver,
    esType: m.type,
    esSendStatus: MsgSendStatus.pending,
    esSendNum: 0,
    templateCode: m.templateCode ?? null,
    remark: m.remark ?? null,
    nextTryTime: new Date(),
    ...created(user),
  });
  return id;
}

/** A template rendered with these variables and written to the log (a missing variable is refused here, before anything is written). */
export async function enqueueTemplate(
  db: Db,
  user: SessionUser | null,
  input: { templateCode: string; type?: string; receiver: string; vars: TemplateVars },
): Promise<string> {
  const template = await templateByCode(db, input.templateCode);
  if (!template) throw new BizError(`${MessageMsg.templateNotFound}：${input.templateCode}`);
  const type = input.type ?? template.templateType;
  const { title, content } = renderForSend({ name: template.templateName, content: template.templateContent }, type, input.vars);
  return enqueue(db, user, {
    type,
    receiver: input.receiver,
    title,
    content,
    params: JSON.stringify(input.vars),
    templateCode: template.templateCode,
  });
}

/** 发送测试 (stock sendMsg): the template with its test data to one receiver, delivered once at once; later tries are the job's. */
export async function sendTest({ deps, user }: ResourceCtx, body: SendMsgBody) {
  let vars: TemplateVars;
  try {
    vars = testVars(body.testData);
  } catch {
    throw new BizError(MessageMsg.parseJson);
  }
  const id = await enqueueTemplate(deps.db, user, { templateCode: body.templateCode, type: body.msgType, receiver: body.receiver, vars });
  await deliverOne(deps, id);
  const [row] = await deps.db.select({ status: sysSms.esSendStatus, result: sysSms.esResult }).from(sysSms).where(eq(sysSms.id, id));
  return { messageId: id, esSendStatus: row.status, esResult: row.result };
}

const fields = (body: MessageBody) => ({
  esTitle: body.esTitle ?? null,
  esContent: body.esContent,
  esParam: body.esParam ?? null,
  esReceiver: body.esReceiver,
  esType: body.esType,
  remark: body.remark ?? null,
});

const queue = (ctx: ResourceCtx, body: MessageBody) => {
  const f = fields(body);
  return enqueue(ctx.db, ctx.user, { type: f.esType, receiver: f.esReceiver, title: f.esTitle, content: f.esContent, params: f.esParam, remark: f.remark });
};

/** 新增 on 消息中心: a message written by hand is queued as any other. */
export async function addMessage(ctx: ResourceCtx, body: MessageBody): Promise<void> {
  const id = await queue(ctx, body);
  void deliverOne(ctx.deps, id).catch(() => undefined);
}

/** An edit changes what a later try sends; a message already sent keeps its record of what went out. */
export async function editMessage(ctx: ResourceCtx, body: MessageEditBody): Promise<void> {
  const [row] = await ctx.db.select({ status: sysSms.esSendStatus }).from(sysSms).where(eq(sysSms.id, body.id));
  if (!row) throw new BizError(MessageMsg.messageNotFound);
  if (row.status === MsgSendStatus.sent) throw new BizError('已发送成功的消息不能修改');
  await ctx.db
    .update(sysSms)
    .set({ ...fields(body), ...updated(ctx.user) })
    .where(eq(sysSms.id, body.id));
}

export async function deleteMessages(ctx: ResourceCtx, ids: string[]): Promise<void> {
  await ctx.db.delete(sysSms).where(inArray(sysSms.id, ids));
}

/** 重新发送: a failed message is due again at once with a fresh round of tries. */
export async function resend({ deps, user }: ResourceCtx, { id }: { id: string }): Promise<null> {
  const done = await rows<{ id: string }>(
    deps.db,
    sql`update sys_sms set es_send_status = ${MsgSendStatus.pending}, next_try_time = now(), es_send_num = 0, update_by = ${user.username}, update_time = now()
         where id = ${id} and es_send_status = ${MsgSendStatus.failed} returning id`,
  );
  if (!done.length) {
    const [row] = await deps.db.select({ id: sysSms.id }).from(sysSms).where(eq(sysSms.id, id));
    throw new BizError(row ? MessageMsg.resendOnlyFailed : MessageMsg.messageNotFound);
  }
  await deliverOne(deps, id);
  return null;
}

// ---- delivery ------------------------------------------------------------------------------------

/** Minutes to wait after the 1st, 2nd, … failed try. */
const BACKOFF_MINUTES = [1, 5, 15, 60];
/** How long a claim holds: a process that dies mid-send frees its message after this. */
const LEASE_SECONDS = 120;

type Claimed = { id: string; es_title: string | null; es_content: string; es_receiver: string; es_type: string; es_send_num: number; lease: string };

/**
 * Takes one due message for this process: one conditional UPDATE, so of two processes racing for it only
 * one gets it (PostgreSQL re-checks the condition on the row the first one wrote). The lease's exact
 * text is the claim's token: the outcome is written only while the claim is still this one's.
 */
async function claim(db: Db, id: string): Promise<Claimed | null> {
  const [row] = await rows<Claimed>(
    db,
    sql`update sys_sms set lease_until = now() + (${LEASE_SECONDS} * interval '1 second')
         where id = ${id} and es_send_status <> ${MsgSendStatus.sent} and next_try_time <= now() and (lease_until is null or lease_until < now())
         returning id, es_title, es_content, es_receiver, es_type, es_send_num, lease_until::text as lease`,
  );
  return row ?? null;
}

type Address = { to: string } | { none: string };

/** The receiver as the channel needs it: an address, a phone, a user id — or why this user gets nothing on it. */
async function addressOf(db: Db, type: string, receiver: string): Promise<Address> {
  if (type === MsgType.email && receiver.includes('@')) return { to: receiver };
  if (type === MsgType.sms && /^1\d{10}$/.test(receiver)) return { to: receiver };
  const [user] = await rows<{ id: string; email: string | null; phone: string | null }>(
    db,
    sql`select id, email, phone from sys_user where del_flag = 0 and (id = ${receiver} or username = ${receiver}) limit 1`,
  );
  if (!user) return { none: `接收人不存在：${receiver.slice(0, 50)}` };
  if (type === MsgType.system) return { to: user.id };
  if (type === MsgType.email) return user.email?.trim() ? { to: user.email.trim() } : { none: MessageMsg.noEmail };
  return user.phone?.trim() ? { to: user.phone.trim() } : { none: MessageMsg.noPhone };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error)).slice(0, 900);

/**
 * One try of a claimed message and its outcome: 发送成功, or 发送失败 with the reason and the next try
 * after the back-off (none after the last try). A receiver with no address on the channel is recorded
 * as such and not tried again: nothing could change by retrying.
 */
async function attempt(deps: AppDeps, m: Claimed): Promise<void> {
  const tries = Number(m.es_send_num) + 1;
  let status: string = MsgSendStatus.sent;
  let result: string;
  let retryMinutes: number | null = null;
  const channel = channels[m.es_type];
  const address = channel ? await addressOf(deps.db, m.es_type, m.es_receiver) : { none: `不支持的发送方式：${m.es_type}` };
  if ('none' in address) {
    status = MsgSendStatus.failed;
    result = `未发送：${address.none}`;
  } else {
    try {
      result = await channel.deliver(deps, { title: m.es_title ?? '', content: m.es_content, receiver: address.to });
    } catch (error) {
      status = MsgSendStatus.failed;
      retryMinutes = tries < MSG_MAX_TRIES ? BACKOFF_MINUTES[Math.min(tries - 1, BACKOFF_MINUTES.length - 1)] : null;
      result = `第 ${tries} 次发送失败：${errorText(error)}${retryMinutes ? `；${retryMinutes} 分钟后重试` : '；已达最多重试次数'}`;
    }
  }
  await deps.db.execute(
    sql`update sys_sms set es_send_status = ${status}, es_send_num = ${tries}, es_send_time = now(), es_result = ${result.slice(0, 1000)},
               next_try_time = ${retryMinutes === null ? null : sql`now() + (${retryMinutes} * interval '1 minute')`}, lease_until = null
         where id = ${m.id} and lease_until = ${m.lease}::timestamptz`,
  );
}

/** Delivers one message now if it is due and nobody else holds it (right after it was written or resent). */
export async function deliverOne(deps: AppDeps, id: string): Promise<boolean> {
  const claimed = await claim(deps.db, id);
  if (!claimed) return false;
  await attempt(deps, claimed);
  return true;
}

/** The 消息发送 job: every due message, oldest first, each claimed on its own. */
export async function deliverDue(deps: AppDeps, batch: number): Promise<{ tried: number; sent: number; failed: number }> {
  const due = await rows<{ id: string }>(
    deps.db,
    sql`select id from sys_sms where es_send_status <> ${MsgSendStatus.sent} and next_try_time <= now() and (lease_until is null or lease_until < now())
         order by next_try_time limit ${batch}`,
  );
  let tried = 0;
  for (const { id } of due) if (await deliverOne(deps, id)) tried++;
  const ids = due.map((d) => d.id);
  const outcome = ids.length
    ? await rows<{ sent: number; failed: number }>(
        deps.db,
        sql`select count(*) filter (where es_send_status = ${MsgSendStatus.sent})::int as sent, count(*) filter (where es_send_status = ${MsgSendStatus.failed})::int as failed
              from sys_sms where id = any(string_to_array(${ids.join(',')}, ','))`,
      )
    : [{ sent: 0, failed: 0 }];
  return { tried, sent: outcome[0].sent, failed: outcome[0].failed };
}

// ---- Excel -----------------------------------------------------------------------------------------

const exportColumns = columnsOf<MessageRecord>({
  esTitle: ['消息标题', 30],
  esContent: ['发送内容', 60],
  esParam: ['发送所需参数', 30],
  esReceiver: ['接收人', 24],
  esType: ['发送方式', 10],
  esSendStatus: ['发送状态', 10],
  esSendNum: ['发送次数', 10],
  esSendTime: ['发送时间', 20],
  esResult: ['发送结果', 40],
  remark: ['备注', 30],
});

export async function exportMessages(ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> {
  const page = await listMessages(ctx, { ...params, pageNo: '1', pageSize: '10000' });
  const selected = typeof params.selections === 'string' && params.selections ? new Set(params.selections.split(',')) : null;
  const records = selected ? page.records.filter((r) => selected.has(r.id)) : page.records;
  return { body: await toWorkbook('消息', exportColumns, records), fileName: '消息.xlsx', asciiName: 'messages.xlsx' };
}

const importColumns = importColumnsOf({
  esTitle: '消息标题',
  esContent: '*发送内容',
  esParam: '发送所需参数',
  esReceiver: '*接收人',
  esType: '*发送方式',
  remark: '备注',
});

/** Imported rows are new messages to send, queued like 新增 (the stock import inserted them as 未发送 too). */
export async function importMessages(ctx: ResourceCtx, file: Buffer): Promise<ImportReport> {
  return importRows(file, importColumns, (values) => queue(ctx, bodyOf(messageBody, values)));
}

export const resource = {
  list: listMessages,
  byId: messageById,
  add: addMessage,
  edit: editMessage,
  remove: deleteMessages,
  exportXls: exportMessages,
  importExcel: importMessages,
};
