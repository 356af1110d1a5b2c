import { index, integer, smallint, text, timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../platform/db/columns.ts';

/**
 * 数据导入's tasks (issue 40): the server that took the start runs the import and writes its progress
 * here, so the screen's polls are answered by any server process. `heartbeat` moves with every table
 * group; a running task whose heartbeat is old belongs to a process that died and is reported failed.
 * The source's password is never a column.
 */
export const sysImportTask = pgTable(
  'sys_import_task',
  {
    id: idColumn(),
    /** host:port/database */
    source: varchar('source', { length: 400 }).notNull(),
    dryRun: smallint('dry_run').notNull(),
    /** running, done, failed */
    state: varchar('state', { length: 12 }).notNull(),
    step: varchar('step', { length: 40 }),
    stepsDone: integer('steps_done').notNull().default(0),
    /** the ImportReport as JSON, once done */
    report: text('report'),
    error: varchar('error', { length: 500 }),
    createBy: varchar('create_by', { length: 32 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    heartbeat: timestamp('heartbeat', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('idx_sys_import_task_state').on(t.state, t.heartbeat)],
);
