import { timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';

/** Which seed units have been applied, so a unit runs once and a deleted seeded row stays deleted. */
export const sysSeed = pgTable('sys_seed', {
  key: varchar('key', { length: 100 }).primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
