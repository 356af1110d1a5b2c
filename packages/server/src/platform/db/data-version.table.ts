import { bigint, varchar, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row per group of tables whose derived answers the server remembers (see versioned-cache.ts):
 * `sys_user` for user-list totals, `access` for permission checks and data rules. Deferred triggers
 * (migration 0007) add one to `version` at the commit of every transaction that writes to the group.
 */
export const sysListVersion = pgTable('sys_list_version', {
  name: varchar('name', { length: 64 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
