import { jsonb, timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';
import type { CustomSettings } from '@sbwq/contracts';

/** 个性化 (issue #27): the settings drawer's options of one user, loaded at sign-in in any browser. */
export const sysUserCustom = pgTable('sys_user_custom', {
  userId: varchar('user_id', { length: 36 }).primaryKey(),
  settings: jsonb('settings').$type<CustomSettings>().notNull(),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
});
