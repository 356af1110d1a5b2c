import { index, timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';

/** Sessions: the token is opaque and only its SHA-256 is stored. */
export const sysSession = pgTable(
  'sys_session',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
  },
  // 业务监控 counts the sessions used in the last minutes
  (t) => [index('idx_sys_session_user').on(t.userId), index('idx_sys_session_last_seen').on(t.lastSeenAt)],
);
