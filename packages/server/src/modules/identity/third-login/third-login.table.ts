import { index, jsonb, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../platform/db/columns.ts';

/** Which local user an OpenID Connect account (provider, subject) signs in as; one per provider and user. */
export const sysThirdBinding = pgTable(
  'sys_third_binding',
  {
    id: idColumn(),
    provider: varchar('provider', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 255 }).notNull(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    displayName: varchar('display_name', { length: 200 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uq_third_binding_subject').on(t.provider, t.subject),
    uniqueIndex('uq_third_binding_user').on(t.provider, t.userId),
    index('idx_third_binding_user').on(t.userId),
  ],
);

/** What an `authorize` step keeps for the callback; `session` (a hash of the session token) when 账号绑定 started it. */
export type AuthorizeData = { codeVerifier: string; nonce: string; redirectUri: string; session?: string };
/** What a `confirm` step keeps: the session that may confirm it, and the e-mail the provider gave. */
export type ConfirmData = { session: string; email: string | null };

/**
 * The short-lived, single-use steps of a third-party sign-in, keyed by a hash of the secret the browser
 * holds: `authorize` (state → PKCE verifier, nonce, redirect address, and the user and session binding
 * from 账号绑定), `login` (the one-time token of getLoginUser), `bind` (a first sign-in waiting for the
 * account's password) and `confirm` (账号绑定's answer from the provider, waiting for the user's yes).
 * Deleted when used; expired ones whenever a new step is written.
 */
export const sysThirdLoginStep = pgTable(
  'sys_third_login_step',
  {
    keyHash: varchar('key_hash', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 16 }).notNull(),
    provider: varchar('provider', { length: 32 }).notNull(),
    userId: varchar('user_id', { length: 36 }),
    subject: varchar('subject', { length: 255 }),
    displayName: varchar('display_name', { length: 200 }),
    data: jsonb('data').$type<AuthorizeData | ConfirmData>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('idx_third_login_step_expires').on(t.expiresAt)],
);
