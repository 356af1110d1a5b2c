import { index, integer, jsonb, timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';
import type { ProcessFacts } from '@sbwq/contracts';

/**
 * One row per server process sharing the database, rewritten by its heartbeat every few seconds, so
 * the 服务器监控 screen lists every process and not only the one that answers. A row not rewritten for a
 * minute is shown 离线; one silent for a day is removed by the next heartbeat of any process.
 */
export const sysMonitorProcess = pgTable(
  'sys_monitor_process',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    host: varchar('host', { length: 255 }).notNull(),
    pid: integer('pid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    facts: jsonb('facts').$type<ProcessFacts>().notNull(),
  },
  (t) => [index('idx_sys_monitor_process_seen').on(t.seenAt)],
);
