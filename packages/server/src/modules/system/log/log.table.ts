import { bigint, index, integer, text, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/** Login (log_type 1) and operation (2) log (JEECG-API §4.4; userid holds the username). */
export const sysLog = pgTable(
  'sys_log',
  {
    id: idColumn(),
    logType: integer('log_type').notNull(),
    logContent: varchar('log_content', { length: 1000 }),
    operateType: integer('operate_type'),
    userid: varchar('userid', { length: 100 }),
    username: varchar('username', { length: 100 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 500 }),
    method: varchar('method', { length: 500 }),
    requestUrl: varchar('request_url', { length: 500 }),
    requestParam: text('request_param'),
    requestType: varchar('request_type', { length: 10 }),
    costTime: bigint('cost_time', { mode: 'number' }),
    ...audit,
  },
  (t) => [index('idx_sys_log_type_time').on(t.logType, t.createTime)],
);
