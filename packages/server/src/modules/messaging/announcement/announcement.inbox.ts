import { and, asc, count, eq, sql } from 'drizzle-orm';
import { AnnouncementMsg, NOTICE_LIST_SIZE, SEND_STATUS, type ListByUserResult, type MyAnnouncementSendRecord, type Page } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { personName, realnamesOf } from '../../../platform/db/user-names.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { parseListParams, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { sanitizeContent } from '../../core/notice/announcement.html.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../../core/notice/announcement.table.ts';
import { containsSearch, senderSearch, toRecord, userColumns, type UserRow } from './announcement.shared.ts';
import { findAnnouncement } from './announcement.service.ts';

// A user's own side of announcements: the bell (listByUser), reading, and the 我的消息 list.

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
export async function listByUser({ db, user: { id: userId } }: ResourceCtx): Promise<ListByUserResult> {
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
         select c.annt_total, c.sys_total, ${userColumnList},
                (select u.realname from sys_user u where u.username = a.sender limit 1) as sender_realname
           from counts c
           left join (ranked r join sys_announcement a on a.id = r.annt_id and r.rn <= ${NOTICE_LIST_SIZE} and a.send_status = '1' and a.del_flag = '0') on true`,
  );
  // 发布人 by name in the notice modal, read in the same statement (the bell polls it every 6 s)
  const notices = found
    .filter((r) => r.id !== null && r.id !== undefined)
    .map((r) => ({ row: userRowOf(r), senderName: personName(r.sender as string | null, r.sender_realname as string | null) }));
  const newestFirst = (x: { row: UserRow }, y: { row: UserRow }) => (y.row.createTime?.getTime() ?? 0) - (x.row.createTime?.getTime() ?? 0);
  const list = (category: string) =>
    notices
      .filter((a) => a.row.msgCategory === category)
      .sort(newestFirst)
      .map((a) => ({ ...toRecord(a.row), senderName: a.senderName }));
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
export async function readAll({ db, user: { id: userId } }: ResourceCtx): Promise<null> {
  await linkBroadcasts(db, userId);
  await db
    .update(sysAnnouncementSend)
    .set({ readFlag: '1', readTime: new Date(), updateTime: new Date() })
    .where(and(eq(sysAnnouncementSend.userId, userId), eq(sysAnnouncementSend.readFlag, '0')));
  return null;
}

/** What stock pushes after 全部标注已读 (syncNotic without anntId). */
export const READ_ALL_PUSH_TEXT = '批量设置已读';

/**
 * syncNotic (JEECG-API §5.2): the stock 我的消息 asks for it after each read and after 全部标注已读, so
 * that the bell refreshes. Stock pushes to every socket (or to all of the notice's users); only the
 * caller's read state changed, so only the caller's own sockets are told, with stock's messages: for
 * a notice `topic` (ALL type) or `user`, with its id and title; without one `topic` 批量设置已读. A notice
 * the caller may not read is 未找到对应实体, as queryById answers.
 */
export async function syncNotice({ db, user, deps: { sockets: hub } }: ResourceCtx, { anntId }: { anntId?: string }): Promise<null> {
  if (!anntId) {
    await hub.sendToUsers([user.id], { cmd: 'topic', msgTxt: READ_ALL_PUSH_TEXT });
    return null;
  }
  const annt = await findAnnouncement(db, user, anntId);
  if (annt.msgType === 'ALL') await hub.sendToUsers([user.id], { cmd: 'topic', msgId: annt.id, msgTxt: annt.titile });
  else await hub.sendToUsers([user.id], { cmd: 'user', msgId: annt.id, msgTxt: annt.titile }, { stampUserId: true });
  return null;
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
export async function myAnnouncementSends(
  { db, user: { id: userId }, deps: { dicts } }: ResourceCtx,
  params: ListParams,
): Promise<Page<MyAnnouncementSendRecord>> {
  await linkBroadcasts(db, userId);
  const { column: _column, order: _order, ...rest } = params;
  const bySender = senderSearch(rest);
  const parsed = parseListParams(announcementSendResource, containsSearch(bySender.params, ['titile', 'sender']));
  const where = and(
    eq(sysAnnouncementSend.userId, userId),
    eq(sysAnnouncement.sendStatus, SEND_STATUS.released),
    eq(sysAnnouncement.delFlag, '0'),
    ...(parsed.where ? [parsed.where] : []),
    ...bySender.where,
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
  const personOf = await realnamesOf(
    db,
    found.map(({ a }) => a.sender),
  );
  const records = found.map(({ s, a }) => ({
    id: s.id,
    anntId: s.anntId,
    userId: s.userId,
    titile: a.titile,
    msgContent: sanitizeContent(a.msgContent),
    sender: a.sender,
    senderName: personOf(a.sender),
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
