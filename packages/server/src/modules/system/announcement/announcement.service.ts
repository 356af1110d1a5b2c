import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AnnouncementMsg,
  NOTICE_LIST_SIZE,
  SEND_STATUS,
  isInternalRoute,
  type AnnouncementAddBody,
  type AnnouncementRecord,
  type ListByUserResult,
  type MyAnnouncementSendRecord,
  type Page,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { pageOf, parseListParams, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import type { DictService } from '../dict/dict.service.ts';
import { splitList } from '../../../platform/http/ids.ts';
import { linkAnnouncementImages } from '../../rights/file-info/file-info.service.ts';
import { sanitizeContent } from './announcement.html.ts';
import { sysAnnouncement, sysAnnouncementSend } from './announcement.table.ts';

type Row = typeof sysAnnouncement.$inferSelect;
/**
 * What a user (rather than a manager) is shown of an announcement: everything but `user_ids`, the list
 * of everyone else it went to (and up to 10,000 ids long, on a call polled every 6 s).
 */
const { userIds: _targets, ...userColumns } = getTableColumns(sysAnnouncement);
type UserRow = Omit<Row, 'userIds'>;
type Actor = Pick<SessionUser, 'id' | 'username'>;

/** Delivery rows are written this many users per statement, so a release never holds the database for long. */
const SEND_BATCH = 1000;

// ---------------------------------------------------------------------------------------------------
// Shapes

/** A row as the API answers it; the body is cleaned again on the way out (spec: sanitised on save and on display). */
export function toRecord(row: Row | UserRow): AnnouncementRecord {
  return {
    userIds: null,
    ...row,
    msgContent: sanitizeContent(row.msgContent),
    startTime: formatDateTime(row.startTime),
    endTime: formatDateTime(row.endTime),
    sendTime: formatDateTime(row.sendTime),
    cancelTime: formatDateTime(row.cancelTime),
    createTime: formatDateTime(row.createTime),
    updateTime: formatDateTime(row.updateTime),
  } as AnnouncementRecord;
}

const DICT_FIELDS = { priority: 'priority', msgCategory: 'msg_category', msgType: 'msg_type', sendStatus: 'send_status' } as const;

/** Form dates are China time (GMT+8), as JeecgBoot's are. */
function toDate(value: string | null): Date | null {
  if (!value) return null;
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value} 00:00:00` : value.length === 16 ? `${value}:00` : value;
  const d = new Date(`${text.replace(' ', 'T')}+08:00`);
  if (Number.isNaN(d.getTime())) throw new BizError(AnnouncementMsg.timeFormat);
  return d;
}

/**
 * openPage must be an internal route (`/…`, never `//…` or a scheme), or, when openType is url, an
 * http(s) address on an allowed host: the notice modal's 去处理 button navigates there.
 */
export function checkOpenPage(openType: string | null, openPage: string | null, safeHosts: string[]): void {
  if (!openPage) return;
  if (isInternalRoute(openPage)) return;
  if (openType !== 'url') throw new BizError(AnnouncementMsg.openPageBad);
  let url: URL;
  try {
    if (!/^[\x21-\x7e]+$/.test(openPage)) throw new Error('bad characters');
    url = new URL(openPage);
  } catch {
    throw new BizError(AnnouncementMsg.openUrlNotAllowed);
  }
  const hostAllowed = safeHosts.includes(url.host.toLowerCase()) || safeHosts.includes(url.hostname.toLowerCase());
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !hostAllowed) {
    throw new BizError(AnnouncementMsg.openUrlNotAllowed);
  }
}

// ---------------------------------------------------------------------------------------------------
// Management

export const announcementResource: ListResource = {
  table: sysAnnouncement,
  fields: {
    titile: { column: sysAnnouncement.titile, type: 'string' },
    sender: { column: sysAnnouncement.sender, type: 'string' },
    priority: { column: sysAnnouncement.priority, type: 'string' },
    msgCategory: { column: sysAnnouncement.msgCategory, type: 'string' },
    msgType: { column: sysAnnouncement.msgType, type: 'string' },
    sendStatus: { column: sysAnnouncement.sendStatus, type: 'string' },
    busType: { column: sysAnnouncement.busType, type: 'string' },
    openType: { column: sysAnnouncement.openType, type: 'string' },
    startTime: { column: sysAnnouncement.startTime, type: 'datetime' },
    endTime: { column: sysAnnouncement.endTime, type: 'datetime' },
    sendTime: { column: sysAnnouncement.sendTime, type: 'datetime' },
    cancelTime: { column: sysAnnouncement.cancelTime, type: 'datetime' },
    createTime: { column: sysAnnouncement.createTime, type: 'datetime' },
  },
  defaultSort: { field: 'createTime', order: 'desc' },
};

/** A plain search word on these fields means "contains" (the JeecgBoot screens send it without `*`). */
function containsSearch(params: ListParams, names: string[]): ListParams {
  const out = { ...params };
  for (const name of names) {
    const v = out[name];
    if (typeof v === 'string' && v !== '' && !v.includes('*')) out[name] = `*${v}*`;
  }
  return out;
}

export async function listAnnouncements(db: Db, dicts: DictService, params: ListParams): Promise<Page<AnnouncementRecord>> {
  const page = await pageOf<Row>(db, announcementResource, containsSearch(params, ['titile', 'sender']), {
    extra: [eq(sysAnnouncement.delFlag, '0')],
    tieBreak: sysAnnouncement.id,
  });
  const records = await dicts.withDictText(page.records.map(toRecord), DICT_FIELDS);
  return { ...page, records: records as AnnouncementRecord[] };
}

function valuesOf(body: AnnouncementAddBody, safeHosts: string[]) {
  checkOpenPage(body.openType, body.openPage, safeHosts);
  const userIds = body.msgType === 'USER' ? splitList(body.userIds) : [];
  return {
    titile: body.titile,
    msgContent: sanitizeContent(body.msgContent),
    msgAbstract: body.msgAbstract,
    startTime: toDate(body.startTime),
    endTime: toDate(body.endTime),
    priority: body.priority,
    msgCategory: body.msgCategory,
    msgType: body.msgType,
    // JeecgBoot's own format, trailing comma included, so an existing client reads it back unchanged.
    userIds: userIds.length ? `${userIds.join(',')},` : null,
    openType: body.openType,
    openPage: body.openPage,
    busType: body.busType,
    busId: body.busId,
  };
}

/**
 * add (JEECG-API §5.2): unpublished, not deleted. Delivery rows are written when it is released (stock
 * JeecgBoot writes USER-type rows here already; they are invisible until release either way).
 */
export async function addAnnouncement(db: Db, actor: Actor, body: AnnouncementAddBody, safeHosts: string[]): Promise<string> {
  const values = valuesOf(body, safeHosts);
  const id = newId();
  await db.insert(sysAnnouncement).values({ id, ...values, sendStatus: SEND_STATUS.draft, delFlag: '0', createBy: actor.username, createTime: new Date() });
  await linkAnnouncementImages(db, id, values.msgContent);
  return id;
}

/**
 * edit: only while not published. Deliveries left from an earlier release (a revoked announcement)
 * follow the new target: a USER-type announcement keeps only the chosen users' rows; the rest are
 * brought up to date when it is released again.
 */
export async function editAnnouncement(db: Db, actor: Actor, body: AnnouncementAddBody & { id: string }, safeHosts: string[]): Promise<void> {
  const values = valuesOf(body, safeHosts);
  const [current] = await db.select({ sendStatus: sysAnnouncement.sendStatus }).from(sysAnnouncement).where(and(eq(sysAnnouncement.id, body.id), eq(sysAnnouncement.delFlag, '0')));
  if (!current) throw new BizError(AnnouncementMsg.notFound);
  if (current.sendStatus === SEND_STATUS.released) throw new BizError(AnnouncementMsg.editReleased);
  const updated = await db
    .update(sysAnnouncement)
    .set({ ...values, updateBy: actor.username, updateTime: new Date() })
    .where(and(eq(sysAnnouncement.id, body.id), eq(sysAnnouncement.delFlag, '0'), sql`${sysAnnouncement.sendStatus} <> ${SEND_STATUS.released}`))
    .returning({ id: sysAnnouncement.id });
  // Released by someone else between the read and the write.
  if (!updated.length) throw new BizError(AnnouncementMsg.editReleased);
  await linkAnnouncementImages(db, body.id, values.msgContent);
  if (values.msgType === 'USER') {
    await db.execute(sql`delete from sys_announcement_send where annt_id = ${body.id} and user_id <> all(string_to_array(${splitList(values.userIds).join(',')}, ','))`);
  }
}

/** delete / deleteBatch: del_flag "1" (the rows stay, as in JeecgBoot); the notices leave every bell. */
export async function deleteAnnouncements(db: Db, actor: Actor, ids: string[]): Promise<void> {
  if (ids.length === 0) throw new BizError(AnnouncementMsg.idsRequired);
  const gone = await db
    .update(sysAnnouncement)
    .set({ delFlag: '1', updateBy: actor.username, updateTime: new Date() })
    .where(and(inArray(sysAnnouncement.id, ids), eq(sysAnnouncement.delFlag, '0')))
    .returning({ id: sysAnnouncement.id });
  if (!gone.length) throw new BizError(AnnouncementMsg.notFound);
  for (const { id } of gone) await hideDeliveries(db, id);
}

type Target = Pick<Row, 'id' | 'msgCategory' | 'createTime'>;

/**
 * Live delivery rows of an announcement for these users (unknown and deleted users skipped; a row left
 * from an earlier release is shown again with its read state kept), written a batch at a time: on the
 * embedded database every other request waits while a statement runs.
 */
export async function deliverToUsers(db: Db, annt: Target, actor: string, userIds: string[]): Promise<void> {
  for (let i = 0; i < userIds.length; i += SEND_BATCH) {
    const chunk = userIds.slice(i, i + SEND_BATCH).join(',');
    await db.execute(sql`
      insert into sys_announcement_send (id, annt_id, user_id, read_flag, msg_category, annt_time, live, create_by, create_time)
      select replace(gen_random_uuid()::text, '-', ''), ${annt.id}, u.id, '0', ${annt.msgCategory}, ${isoOf(annt.createTime)}::timestamptz, '1', ${actor}, now()
        from sys_user u
       where u.id = any(string_to_array(${chunk}, ',')) and u.del_flag = 0 and ${stillPublished(annt.id)}
      ${showAgain}`);
    await yieldToOthers();
  }
}

/** The same for every active user, walked in id order a batch at a time. */
async function deliverToAll(db: Db, annt: Target, actor: string): Promise<void> {
  let after = '';
  for (;;) {
    const [batch] = await rows<{ last: string | null; n: number }>(
      db,
      sql`with batch as (
            select u.id from sys_user u
             where u.status = 1 and u.del_flag = 0 and u.id > ${after} and ${stillPublished(annt.id)}
             order by u.id limit ${SEND_BATCH}
          ), inserted as (
            insert into sys_announcement_send (id, annt_id, user_id, read_flag, msg_category, annt_time, live, create_by, create_time)
            select replace(gen_random_uuid()::text, '-', ''), ${annt.id}, b.id, '0', ${annt.msgCategory}, ${isoOf(annt.createTime)}::timestamptz, '1', ${actor}, now() from batch b
            ${showAgain}
          )
          select max(id) as last, count(*)::int as n from batch`,
    );
    if (!batch?.last || batch.n < SEND_BATCH) return;
    after = batch.last;
    await yieldToOthers();
  }
}

// A revoke or delete that lands while a release is still writing stops the remaining batches.
const stillPublished = (anntId: string) =>
  sql`exists (select 1 from sys_announcement x where x.id = ${anntId} and x.send_status = '1' and x.del_flag = '0')`;

// A row that already exists (an earlier release, a linked broadcast) is made live again and brought up
// to date; a row that is already so is not rewritten.
const showAgain = sql`on conflict (annt_id, user_id) do update
  set live = '1', msg_category = excluded.msg_category, annt_time = excluded.annt_time
  where sys_announcement_send.live <> '1'
     or sys_announcement_send.msg_category is distinct from excluded.msg_category
     or sys_announcement_send.annt_time is distinct from excluded.annt_time`;

/** Takes an announcement's deliveries out of the bell (revoke, delete), a batch at a time. */
async function hideDeliveries(db: Db, anntId: string): Promise<void> {
  for (;;) {
    const [done] = await rows<{ n: number }>(
      db,
      sql`with batch as (
            select id from sys_announcement_send where annt_id = ${anntId} and live = '1' limit ${SEND_BATCH}
          ), hidden as (
            update sys_announcement_send s set live = '0' from batch b where s.id = b.id returning 1
          )
          select count(*)::int as n from hidden`,
    );
    if (!done || done.n < SEND_BATCH) return;
    await yieldToOthers();
  }
}

const isoOf = (d: Date | null) => (d ? d.toISOString() : null);
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * doReleaseData (JEECG-API §5.2): marks it published (sender, send_time), writes a live delivery row per
 * target user in batches outside any transaction (so other requests run in between; a user's bell
 * fills as the batches land), then pushes over the socket: ALL → `topic` to everyone connected, USER →
 * `user` to each target user. Releasing an already published announcement completes its delivery
 * again (rows are idempotent) and pushes again, so an interrupted release can be finished.
 */
export async function releaseAnnouncement(db: Db, hub: SocketHub, actor: Actor, id: string): Promise<void> {
  const [row] = await db.select().from(sysAnnouncement).where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, '0')));
  if (!row) throw new BizError(AnnouncementMsg.notFound);
  if (row.sendStatus !== SEND_STATUS.released) {
    const now = new Date();
    await db
      .update(sysAnnouncement)
      .set({ sendStatus: SEND_STATUS.released, sendTime: now, sender: actor.username, updateBy: actor.username, updateTime: now })
      .where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, '0'), sql`${sysAnnouncement.sendStatus} <> ${SEND_STATUS.released}`));
  }
  const targets = row.msgType === 'USER' ? splitList(row.userIds) : null;
  if (targets) await deliverToUsers(db, row, actor.username, targets);
  else await deliverToAll(db, row, actor.username);
  if (targets) await hub.sendToUsers(targets, { cmd: 'user', msgId: id, msgTxt: row.titile }, { stampUserId: true });
  else await hub.broadcast({ cmd: 'topic', msgId: id, msgTxt: row.titile });
}

/** doReovkeData: send_status "2" and cancel_time; the notice leaves every bell. Revoking again finishes an interrupted revoke. */
export async function revokeAnnouncement(db: Db, actor: Actor, id: string): Promise<void> {
  const [row] = await db.select({ sendStatus: sysAnnouncement.sendStatus }).from(sysAnnouncement).where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, '0')));
  if (!row) throw new BizError(AnnouncementMsg.notFound);
  if (row.sendStatus === SEND_STATUS.draft) throw new BizError(AnnouncementMsg.notReleased);
  if (row.sendStatus === SEND_STATUS.released) {
    const now = new Date();
    await db
      .update(sysAnnouncement)
      .set({ sendStatus: SEND_STATUS.revoked, cancelTime: now, updateBy: actor.username, updateTime: now })
      .where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.sendStatus, SEND_STATUS.released)));
  }
  await hideDeliveries(db, id);
}

/** A system message to some users (JeecgBoot's sendSysAnnouncement), as other modules describe it. */
export type Notice = {
  titile: string;
  msgContent?: string | null;
  msgAbstract?: string | null;
  userIds: string[];
  sender: string;
  msgCategory?: '1' | '2';
  priority?: 'L' | 'M' | 'H';
  busType?: string | null;
  busId?: string | null;
  openType?: 'component' | 'url' | null;
  openPage?: string | null;
};

/** What `pushNotice` needs of a written notice. */
export type WrittenNotice = { id: string; titile: string; userIds: string[] };

/**
 * The rows of a notice, published at once: one announcement and a delivery row per user. Give it the
 * caller's transaction when the notice belongs to a change (a decision), so that both land or neither;
 * push it with `pushNotice` after the commit, so that nobody is told of a change that was rolled back.
 */
export async function writeNotice(db: Db, notice: Notice): Promise<WrittenNotice> {
  if (notice.openPage && !isInternalRoute(notice.openPage)) throw new BizError(AnnouncementMsg.openPageBad);
  const ids = [...new Set(notice.userIds)];
  const now = new Date();
  const annt = { id: newId(), msgCategory: notice.msgCategory ?? '2', createTime: now };
  await db.insert(sysAnnouncement).values({
    ...annt,
    titile: notice.titile.slice(0, 100),
    msgContent: sanitizeContent(notice.msgContent),
    msgAbstract: notice.msgAbstract ?? null,
    priority: notice.priority ?? 'L',
    msgType: 'USER',
    userIds: ids.length ? `${ids.join(',')},` : null,
    sendStatus: SEND_STATUS.released,
    sendTime: now,
    sender: notice.sender,
    delFlag: '0',
    busType: notice.busType ?? null,
    busId: notice.busId ?? null,
    openType: notice.openType ?? null,
    openPage: notice.openPage ?? null,
    createBy: notice.sender,
  });
  await deliverToUsers(db, annt, notice.sender, ids);
  return { id: annt.id, titile: notice.titile, userIds: ids };
}

/** The `user` push of a written notice: every open bell of its users refreshes at once. */
export async function pushNotice(hub: SocketHub, notice: WrittenNotice): Promise<void> {
  await hub.sendToUsers(notice.userIds, { cmd: 'user', msgId: notice.id, msgTxt: notice.titile }, { stampUserId: true });
}

/** A notice written and pushed in one go, for callers with no transaction of their own. */
export async function publishNotice(db: Db, hub: SocketHub, notice: Notice): Promise<string> {
  const written = await writeNotice(db, notice);
  await pushNotice(hub, written);
  return written.id;
}

// ---------------------------------------------------------------------------------------------------
// The user's side

// Links the published ALL-type announcements the user has no delivery row for yet, when they are still
// valid for them (end_time missing or not before the user's creation), as listByUser does first
// (JEECG-API §5.2). Usually inserts nothing. Returns the rows it inserted.
const linkSql = (userId: string) => sql`
  insert into sys_announcement_send (id, annt_id, user_id, read_flag, msg_category, annt_time, live, create_by, create_time)
  select replace(gen_random_uuid()::text, '-', ''), a.id, u.id, '0', a.msg_category, a.create_time, '1', 'system', now()
    from sys_user u
    join sys_announcement a
      on a.msg_type = 'ALL' and a.send_status = '1' and a.del_flag = '0'
     and (a.end_time is null or u.create_time is null or a.end_time >= u.create_time)
   where u.id = ${userId}
     and not exists (select 1 from sys_announcement_send s where s.annt_id = a.id and s.user_id = u.id)
  on conflict (annt_id, user_id) do nothing
  returning annt_id, msg_category, annt_time`;

export async function linkBroadcasts(db: Db, userId: string): Promise<void> {
  await db.execute(linkSql(userId));
}

const userColumnList = sql.join(
  Object.values(userColumns).map((c) => sql`a.${sql.identifier(c.name)}`),
  sql`, `,
);

/** A raw result row (snake_case, driver values) as the typed row, the way drizzle itself maps it. */
function userRowOf(raw: Record<string, unknown>): UserRow {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(userColumns)) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as UserRow;
}

/**
 * listByUser: the 5 newest unread of each category and the full unread counts. Every open page polls
 * it every 6 s, so it is one statement: it links the broadcasts, counts the live unread deliveries and
 * picks the newest five per category from the partial index of live unread deliveries (whose predicate
 * is written out literally, so that the planner uses it). Rows the linking inserts are not visible to
 * the rest of the same statement, so they are added to the counts and the candidates explicitly.
 */
export async function listByUser(db: Db, userId: string): Promise<ListByUserResult> {
  const newest = (category: '1' | '2') => sql`(
    select annt_id, msg_category, annt_time from sys_announcement_send
     where user_id = ${userId} and msg_category = ${category} and read_flag = '0' and live = '1'
     order by annt_time desc nulls last limit ${NOTICE_LIST_SIZE})`;
  const found = await rows<Record<string, unknown> & { annt_total: number; sys_total: number }>(
    db,
    sql`with linked as (${linkSql(userId)}),
         counts as (
           select count(*) filter (where msg_category = '1')::int as annt_total,
                  count(*) filter (where msg_category = '2')::int as sys_total
             from (select msg_category from sys_announcement_send where user_id = ${userId} and read_flag = '0' and live = '1'
                   union all select msg_category from linked) unread
         ),
         candidates as (${newest('1')} union all ${newest('2')} union all select annt_id, msg_category, annt_time from linked),
         ranked as (select annt_id, row_number() over (partition by msg_category order by annt_time desc nulls last) as rn from candidates)
         select c.annt_total, c.sys_total, ${userColumnList}
           from counts c
           left join (ranked r join sys_announcement a on a.id = r.annt_id and r.rn <= ${NOTICE_LIST_SIZE} and a.send_status = '1' and a.del_flag = '0') on true`,
  );
  const notices = found.filter((r) => r.id !== null && r.id !== undefined).map(userRowOf);
  const newestFirst = (x: UserRow, y: UserRow) => (y.createTime?.getTime() ?? 0) - (x.createTime?.getTime() ?? 0);
  const list = (category: string) => notices.filter((a) => a.msgCategory === category).sort(newestFirst).map(toRecord);
  return { anntMsgList: list('1'), anntMsgTotal: found[0]?.annt_total ?? 0, sysMsgList: list('2'), sysMsgTotal: found[0]?.sys_total ?? 0 };
}

/** editByAnntIdAndUserId: marks the current user's own delivery read; nobody else's row can be reached. */
export async function markRead(db: Db, userId: string, anntId: string): Promise<void> {
  await linkBroadcasts(db, userId);
  const done = await db
    .update(sysAnnouncementSend)
    .set({ readFlag: '1', readTime: new Date(), updateTime: new Date() })
    .where(and(eq(sysAnnouncementSend.anntId, anntId), eq(sysAnnouncementSend.userId, userId)))
    .returning({ id: sysAnnouncementSend.id });
  if (!done.length) throw new BizError(AnnouncementMsg.notFound);
}

/** readAll: every delivery of the current user read. */
export async function readAll(db: Db, userId: string): Promise<void> {
  await linkBroadcasts(db, userId);
  await db
    .update(sysAnnouncementSend)
    .set({ readFlag: '1', readTime: new Date(), updateTime: new Date() })
    .where(and(eq(sysAnnouncementSend.userId, userId), eq(sysAnnouncementSend.readFlag, '0')));
}

/**
 * queryById: a manager (system:announcement:list) sees any announcement that is not deleted; anyone
 * else only a published one that was released to them.
 */
export async function findAnnouncement(db: Db, user: Actor, id: string, manager: boolean): Promise<AnnouncementRecord> {
  const visible: SQL = manager
    ? sql`true`
    : sql`${sysAnnouncement.sendStatus} = ${SEND_STATUS.released} and (
            exists (select 1 from sys_announcement_send s where s.annt_id = ${sysAnnouncement.id} and s.user_id = ${user.id})
            or (${sysAnnouncement.msgType} = 'ALL' and (${sysAnnouncement.endTime} is null
                or ${sysAnnouncement.endTime} >= coalesce((select u.create_time from sys_user u where u.id = ${user.id}), '-infinity'::timestamptz))))`;
  const [row] = await db.select(manager ? getTableColumns(sysAnnouncement) : userColumns).from(sysAnnouncement).where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, '0'), visible));
  if (!row) throw new BizError(AnnouncementMsg.notFound);
  return toRecord(row);
}

/** Filters only: the order of one's own messages is fixed (see myAnnouncementSends). */
export const announcementSendResource: ListResource = {
  table: sysAnnouncementSend,
  fields: {
    titile: { column: sysAnnouncement.titile, type: 'string', sort: false },
    sender: { column: sysAnnouncement.sender, type: 'string', sort: false },
    readFlag: { column: sysAnnouncementSend.readFlag, type: 'string', sort: false },
    busType: { column: sysAnnouncement.busType, type: 'string', sort: false },
    msgCategory: { column: sysAnnouncement.msgCategory, type: 'string', sort: false },
    priority: { column: sysAnnouncement.priority, type: 'string', sort: false },
    sendTime: { column: sysAnnouncement.sendTime, type: 'datetime', sort: false },
  },
};

/**
 * getMyAnnouncementSend: the current user's published deliveries, unread first, newest first (the
 * order is fixed, as in JeecgBoot; `column`/`order` are ignored).
 */
export async function myAnnouncementSends(db: Db, dicts: DictService, userId: string, params: ListParams): Promise<Page<MyAnnouncementSendRecord>> {
  await linkBroadcasts(db, userId);
  const { column: _column, order: _order, ...rest } = params;
  const parsed = parseListParams(announcementSendResource, containsSearch(rest, ['titile', 'sender']));
  const where = and(
    eq(sysAnnouncementSend.userId, userId),
    eq(sysAnnouncement.sendStatus, SEND_STATUS.released),
    eq(sysAnnouncement.delFlag, '0'),
    ...(parsed.where ? [parsed.where] : []),
  );
  const [[{ total }], found] = await Promise.all([
    db.select({ total: count() }).from(sysAnnouncementSend).innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId)).where(where),
    db
      .select({ s: sysAnnouncementSend, a: sysAnnouncement })
      .from(sysAnnouncementSend)
      .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
      .where(where)
      .orderBy(asc(sysAnnouncementSend.readFlag), sql`${sysAnnouncement.sendTime} desc nulls last`, asc(sysAnnouncementSend.id))
      .limit(parsed.pageSize)
      .offset((parsed.pageNo - 1) * parsed.pageSize),
  ]);
  const records = found.map(({ s, a }) => ({
    id: s.id,
    anntId: s.anntId,
    userId: s.userId,
    titile: a.titile,
    msgContent: sanitizeContent(a.msgContent),
    sender: a.sender,
    priority: a.priority,
    readFlag: s.readFlag,
    sendTime: formatDateTime(a.sendTime),
    msgCategory: a.msgCategory,
    busId: a.busId,
    busType: a.busType,
    openType: a.openType,
    openPage: a.openPage,
    msgAbstract: a.msgAbstract,
  })) as MyAnnouncementSendRecord[];
  const withText = await dicts.withDictText(records, { priority: 'priority', msgCategory: 'msg_category' });
  return {
    records: withText as MyAnnouncementSendRecord[],
    total,
    size: parsed.pageSize,
    current: parsed.pageNo,
    pages: Math.ceil(total / parsed.pageSize),
  };
}
