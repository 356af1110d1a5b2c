import { and, eq, sql } from 'drizzle-orm';
import { AnnouncementMsg, SEND_STATUS, isInternalRoute, noticeKindOf } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { splitList } from '../../../platform/http/ids.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { sanitizeContent } from './announcement.html.ts';
import { sysAnnouncement } from './announcement.table.ts';
import { mutedUsers, pushTargets } from './notice-pref.ts';
import { queueNoticeChannels } from './notice-channels.ts';
import type { Actor, Row } from '../../messaging/announcement/announcement.shared.ts';

// Delivery fan-out: releasing and revoking an announcement, and the system notices other modules send.
// A release may reach every user, so rows are written a batch at a time, outside any transaction.

/** Delivery rows are written this many users per statement, so a release never holds the database for long. */
const SEND_BATCH = 1000;

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
const stillPublished = (anntId: string) => sql`exists (select 1 from sys_announcement x where x.id = ${anntId} and x.send_status = '1' and x.del_flag = '0')`;

// A row that already exists (an earlier release, a linked broadcast) is made live again and brought up
// to date; a row that is already so is not rewritten.
const showAgain = sql`on conflict (annt_id, user_id) do update
  set live = '1', msg_category = excluded.msg_category, annt_time = excluded.annt_time
  where sys_announcement_send.live <> '1'
     or sys_announcement_send.msg_category is distinct from excluded.msg_category
     or sys_announcement_send.annt_time is distinct from excluded.annt_time`;

/** Takes an announcement's deliveries out of the bell (revoke, delete), a batch at a time. */
export async function hideDeliveries(db: Db, anntId: string): Promise<void> {
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

/** What `pushNotice` needs of a written notice; `pushTo` leaves out whoever muted its kind (新消息通知). */
export type WrittenNotice = { id: string; titile: string; userIds: string[]; pushTo?: string[] };

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
  const kind = noticeKindOf(notice.busType, annt.msgCategory);
  await queueNoticeChannels(db, { titile: notice.titile, msgContent: notice.msgContent ?? null, sender: notice.sender }, kind, ids);
  const pushTo = await pushTargets(db, kind, ids);
  return { id: annt.id, titile: notice.titile, userIds: ids, pushTo };
}

/** The `user` push of a written notice: every open bell of its users refreshes at once (but those who muted its kind). */
export async function pushNotice(hub: SocketHub, notice: WrittenNotice): Promise<void> {
  await hub.sendToUsers(notice.pushTo ?? notice.userIds, { cmd: 'user', msgId: notice.id, msgTxt: notice.titile }, { stampUserId: true });
}

/** A notice written and pushed in one go, for callers with no transaction of their own. */
export async function publishNotice(db: Db, hub: SocketHub, notice: Notice): Promise<string> {
  const written = await writeNotice(db, notice);
  await pushNotice(hub, written);
  return written.id;
}

/**
 * doReleaseData (JEECG-API §5.2): marks it published (sender, send_time), writes a live delivery row per
 * target user in batches outside any transaction (so other requests run in between; a user's bell
 * fills as the batches land), then pushes over the socket: ALL → `topic` to everyone connected, USER →
 * `user` to each target user. Releasing an already published announcement completes its delivery
 * again (rows are idempotent) and pushes again, so an interrupted release can be finished.
 */
export async function releaseAnnouncement(db: Db, hub: SocketHub, actor: Actor, id: string): Promise<void> {
  const [row] = await db
    .select()
    .from(sysAnnouncement)
    .where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, '0')));
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
  // 新消息通知: the bell lists it for everybody; the live push skips those who muted its kind.
  const kind = noticeKindOf(row.busType, row.msgCategory);
  if (targets) await hub.sendToUsers(await pushTargets(db, kind, targets), { cmd: 'user', msgId: id, msgTxt: row.titile }, { stampUserId: true });
  else await hub.broadcast({ cmd: 'topic', msgId: id, msgTxt: row.titile }, { except: await mutedUsers(db, kind) });
}

/** doReovkeData: send_status "2" and cancel_time; the notice leaves every bell. Revoking again finishes an interrupted revoke. */
export async function revokeAnnouncement(db: Db, actor: Actor, id: string): Promise<void> {
  const [row] = await db
    .select({ sendStatus: sysAnnouncement.sendStatus })
    .from(sysAnnouncement)
    .where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, '0')));
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
