import { sql } from 'drizzle-orm';
import { index, text, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/** 系统通告 (JEECG-API §4.4 sys_announcement; the column `titile` keeps JeecgBoot's spelling). */
export const sysAnnouncement = pgTable(
  'sys_announcement',
  {
    id: idColumn(),
    titile: varchar('titile', { length: 100 }).notNull(),
    /** HTML, sanitised on save */
    msgContent: text('msg_content'),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    /** username of the publisher */
    sender: varchar('sender', { length: 100 }),
    /** L / M / H */
    priority: varchar('priority', { length: 10 }),
    /** 1 通知公告, 2 系统消息 */
    msgCategory: varchar('msg_category', { length: 10 }).notNull().default('2'),
    /** USER / ALL */
    msgType: varchar('msg_type', { length: 10 }),
    /** 0 未发布, 1 已发布, 2 已撤销 */
    sendStatus: varchar('send_status', { length: 10 }).notNull().default('0'),
    sendTime: timestamp('send_time', { withTimezone: true }),
    cancelTime: timestamp('cancel_time', { withTimezone: true }),
    delFlag: varchar('del_flag', { length: 1 }).notNull().default('0'),
    busType: varchar('bus_type', { length: 20 }),
    busId: varchar('bus_id', { length: 50 }),
    /** component / url */
    openType: varchar('open_type', { length: 20 }),
    openPage: varchar('open_page', { length: 255 }),
    /** sys_user ids, comma separated, JeecgBoot writes a trailing comma (`id1,id2,`) */
    userIds: text('user_ids'),
    msgAbstract: text('msg_abstract'),
    ...audit,
  },
  (t) => [
    // listByUser and the management list: published, not deleted, per category, newest first
    index('idx_sys_announcement_status').on(t.sendStatus, t.delFlag, t.msgCategory, t.createTime.desc()),
    // listByUser's linking of ALL-type announcements
    index('idx_sys_announcement_type').on(t.msgType, t.sendStatus),
  ],
);

/**
 * One delivery of an announcement to one user, with its read state (JEECG-API §4.4 sys_announcement_send).
 * Three columns beyond JeecgBoot's copy what the bell needs from the announcement, so that listByUser
 * reads a user's newest unread notices and counts straight from one index instead of joining every
 * delivery the user ever had: `msg_category`, `annt_time` (the announcement's create_time, the bell's
 * order) and `live` ("1" while the announcement is published and not deleted). Release, revoke and
 * delete keep them in step.
 */
export const sysAnnouncementSend = pgTable(
  'sys_announcement_send',
  {
    id: idColumn(),
    anntId: varchar('annt_id', { length: 36 }).notNull(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    /** 0 unread, 1 read */
    readFlag: varchar('read_flag', { length: 10 }).notNull().default('0'),
    readTime: timestamp('read_time', { withTimezone: true }),
    msgCategory: varchar('msg_category', { length: 10 }),
    anntTime: timestamp('annt_time', { withTimezone: true }),
    live: varchar('live', { length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [
    uniqueIndex('uniq_sys_announcement_send').on(t.anntId, t.userId),
    // the bell: a user's live unread deliveries per category, newest first, and their counts
    index('idx_sys_announcement_send_unread')
      .on(t.userId, t.msgCategory, t.anntTime.desc())
      .where(sql`read_flag = '0' and live = '1'`),
    // my messages and read-all: all of a user's deliveries
    index('idx_sys_announcement_send_user').on(t.userId, t.readFlag),
  ],
);
