import { jsonb, timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';
import type { NoticeChannel, NoticeKind } from '@sbwq/contracts';

/**
 * 新消息通知 (issue #27): the notice kinds a user keeps from being pushed live to their open pages.
 * No row means every kind is pushed; the bell lists every notice either way.
 */
export const sysNoticePref = pgTable('sys_notice_pref', {
  userId: varchar('user_id', { length: 36 }).primaryKey(),
  muted: jsonb('muted').$type<NoticeKind[]>().notNull(),
  /** the channels besides the bell (消息中心 send types) the user's notices also go by */
  channels: jsonb('channels').$type<NoticeChannel[]>().notNull().default([]),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});
