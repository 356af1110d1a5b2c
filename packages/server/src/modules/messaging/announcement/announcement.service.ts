import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { AnnouncementMsg, AnnouncementPerm, SEND_STATUS, isInternalRoute, type AnnouncementAddBody, type AnnouncementRecord, type Page } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { realnamesOf } from '../../../platform/db/user-names.ts';
import { newId } from '../../../platform/db/ids.ts';
import { hasPermission } from '../../../platform/access/access.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { splitList } from '../../../platform/http/ids.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { linkAnnouncementImages } from '../../core/files/file-info.service.ts';
import { sanitizeContent } from '../../core/notice/announcement.html.ts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';
import { containsSearch, DICT_FIELDS, senderSearch, toRecord, userColumns, type Actor, type Row } from './announcement.shared.ts';
import { hideDeliveries } from '../../core/notice/delivery.ts';

// The managers' side of announcements: list, add, edit, delete and queryById. Releasing and revoking,
// which fan out to every user, are in core/notice/delivery.ts; a user's own bell in announcement.inbox.ts.

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

export const announcementWhitelist: ListResource = {
  table: sysAnnouncement,
  fields: fieldsOf(sysAnnouncement, {
    titile: 'string',
    sender: 'string',
    priority: 'string',
    msgCategory: 'string',
    msgType: 'string',
    sendStatus: 'string',
    busType: 'string',
    openType: 'string',
    startTime: 'datetime',
    endTime: 'datetime',
    sendTime: 'datetime',
    cancelTime: 'datetime',
    createTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

export async function listAnnouncements({ db, deps: { dicts } }: ResourceCtx, params: ListParams): Promise<Page<AnnouncementRecord>> {
  const bySender = senderSearch(params);
  const page = await pageOf<Row>(db, announcementWhitelist, containsSearch(bySender.params, ['titile', 'sender']), {
    extra: [eq(sysAnnouncement.delFlag, '0'), ...bySender.where],
    tieBreak: sysAnnouncement.id,
  });
  const personOf = await realnamesOf(
    db,
    page.records.map((row) => row.sender),
  );
  const records = await dicts.withDictText(
    page.records.map((row) => ({ ...toRecord(row), senderName: personOf(row.sender) })),
    DICT_FIELDS,
  );
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
export const addAnnouncement = ({ db, user, deps }: ResourceCtx, body: AnnouncementAddBody) => createAnnouncement(db, user, body, deps.config.safeOpenHosts);

/** The write of add, for the seed too (which allows no outside page). */
export async function createAnnouncement(db: Db, actor: Actor, body: AnnouncementAddBody, safeHosts: string[]): Promise<string> {
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
export async function editAnnouncement({ db, user: actor, deps }: ResourceCtx, body: AnnouncementAddBody & { id: string }): Promise<void> {
  const values = valuesOf(body, deps.config.safeOpenHosts);
  const [current] = await db
    .select({ sendStatus: sysAnnouncement.sendStatus })
    .from(sysAnnouncement)
    .where(and(eq(sysAnnouncement.id, body.id), eq(sysAnnouncement.delFlag, '0')));
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
    await db.execute(
      sql`delete from sys_announcement_send where annt_id = ${body.id} and user_id <> all(string_to_array(${splitList(values.userIds).join(',')}, ','))`,
    );
  }
}

/** delete / deleteBatch: del_flag "1" (the rows stay, as in JeecgBoot); the notices leave every bell. */
export async function deleteAnnouncements({ db, user: actor }: ResourceCtx, ids: string[]): Promise<void> {
  if (ids.length === 0) throw new BizError(AnnouncementMsg.idsRequired);
  const gone = await db
    .update(sysAnnouncement)
    .set({ delFlag: '1', updateBy: actor.username, updateTime: new Date() })
    .where(and(inArray(sysAnnouncement.id, ids), eq(sysAnnouncement.delFlag, '0')))
    .returning({ id: sysAnnouncement.id });
  if (!gone.length) throw new BizError(AnnouncementMsg.notFound);
  for (const { id } of gone) await hideDeliveries(db, id);
}

/**
 * queryById: a manager (system:announcement:list) sees any announcement that is not deleted; anyone
 * else only a published one that was released to them.
 */
export async function findAnnouncement(db: Db, user: Actor, id: string): Promise<AnnouncementRecord> {
  const manager = await hasPermission(db, user.id, AnnouncementPerm.list);
  const visible: SQL = manager
    ? sql`true`
    : sql`${sysAnnouncement.sendStatus} = ${SEND_STATUS.released} and (
            exists (select 1 from sys_announcement_send s where s.annt_id = ${sysAnnouncement.id} and s.user_id = ${user.id})
            or (${sysAnnouncement.msgType} = 'ALL' and (${sysAnnouncement.endTime} is null
                or ${sysAnnouncement.endTime} >= coalesce((select u.create_time from sys_user u where u.id = ${user.id}), '-infinity'::timestamptz))))`;
  const [row] = await db
    .select(manager ? getTableColumns(sysAnnouncement) : userColumns)
    .from(sysAnnouncement)
    .where(and(eq(sysAnnouncement.id, id), eq(sysAnnouncement.delFlag, '0'), visible));
  if (!row) throw new BizError(AnnouncementMsg.notFound);
  return toRecord(row);
}
