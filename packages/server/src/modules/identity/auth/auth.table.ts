import { integer, timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';

/** Failed sign-in counters per username (`u:`) and per address (`ip:`). */
export const sysLoginAttempt = pgTable('sys_login_attempt', {
  key: varchar('key', { length: 200 }).primaryKey(),
  failCount: integer('fail_count').notNull().default(0),
  lastFailAt: timestamp('last_fail_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Image captchas being answered: both the key and the answer are kept as HMACs under the server secret
 * (captcha.service.ts), so a reader of this table learns no answer.
 */
export const sysCaptcha = pgTable('sys_captcha', {
  keyHash: varchar('key_hash', { length: 64 }).primaryKey(),
  code: varchar('code', { length: 64 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
