import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnnouncementRecord } from '@sbwq/contracts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import type { ListParams } from '../../../platform/list/list-query.ts';
import { sanitizeContent } from '../../core/notice/announcement.html.ts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';

// What the announcement service, its delivery fan-out and the inbox have in common.

export type Row = typeof sysAnnouncement.$inferSelect;
/**
 * What a user (rather than a manager) is shown of an announcement: everything but `user_ids`, the list
 * of everyone else it went to (and up to 10,000 ids long, on a call polled every 6 s).
 */
const { userIds: _targets, ...shownColumns } = getTableColumns(sysAnnouncement);
export const userColumns = shownColumns;
export type UserRow = Omit<Row, 'userIds'>;
export type Actor = Pick<SessionUser, 'id' | 'username'>;

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

export const DICT_FIELDS = { priority: 'priority', msgCategory: 'msg_category', msgType: 'msg_type', sendStatus: 'send_status' } as const;

/** A plain search word on these fields means "contains" (the JeecgBoot screens send it without `*`). */
export function containsSearch(params: ListParams, names: string[]): ListParams {
  const out = { ...params };
  for (const name of names) {
    const v = out[name];
    if (typeof v === 'string' && v !== '' && !v.includes('*')) out[name] = `*${v}*`;
  }
  return out;
}

/**
 * 发布人 as the lists show it, by name: a plain `sender` word matches the account name or the real name of
 * the user behind it (a `*…*` pattern keeps JeecgBoot's meaning, on the account name). Answers the params
 * without it and the condition to add.
 */
export function senderSearch(params: ListParams): { params: ListParams; where: SQL[] } {
  const { sender, ...rest } = params;
  if (typeof sender !== 'string' || sender === '' || sender.includes('*')) return { params, where: [] };
  const like = `%${sender.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  return {
    params: rest,
    where: [sql`(${sysAnnouncement.sender} like ${like} or ${sysAnnouncement.sender} in (select username from sys_user where realname like ${like}))`],
  };
}
