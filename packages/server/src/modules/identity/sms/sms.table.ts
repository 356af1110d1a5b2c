import { index, integer, timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../platform/db/columns.ts';

/**
 * Every code asked for, sent or not: a code for a phone no account has is recorded too (user_id null,
 * never delivered), so the rate limits count the same whatever exists. Only the code's hash is kept.
 * purpose: the smsmode (0 login, 1 register, 2 forgot, 3 a signed-in user's new phone), or 'A' for the account ticket of /user/alteration step 1.
 */
export const sysSmsCode = pgTable(
  'sys_sms_code',
  {
    id: idColumn(),
    purpose: varchar('purpose', { length: 1 }).notNull(),
    mobile: varchar('mobile', { length: 20 }),
    /** the account name asked for (lower case), for the per-account limit and the ticket */
    account: varchar('account', { length: 100 }),
    /** the user the code is bound to; null when no account matched (the code can never be used) */
    userId: varchar('user_id', { length: 36 }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: varchar('ip', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('idx_sys_sms_code_mobile').on(t.mobile, t.purpose, t.createTime),
    index('idx_sys_sms_code_ip').on(t.ip, t.createTime),
    index('idx_sys_sms_code_account').on(t.account, t.createTime),
  ],
);

/** 短信发件箱: the development provider's messages (the default when no SMS provider is configured). */
export const sysSmsOutbox = pgTable(
  'sys_sms_outbox',
  {
    id: idColumn(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    smsmode: varchar('smsmode', { length: 1 }).notNull(),
    content: varchar('content', { length: 500 }).notNull(),
    code: varchar('code', { length: 12 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idx_sys_sms_outbox_create_time').on(t.createTime.desc(), t.id)],
);
