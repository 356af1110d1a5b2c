import { bigint, boolean, index, integer, smallint, text, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/**
 * Login (log_type 1) and operation (2) log (JEECG-API §4.4; userid holds the username). Beyond stock,
 * an operation row keeps the permission code its route declared and its outcome (HTTP status, and
 * whether the envelope said success), written by the operation-log hook (operation-log.ts).
 */
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
    permissionCode: varchar('permission_code', { length: 100 }),
    statusCode: smallint('status_code'),
    success: boolean('success'),
    errorMsg: varchar('error_msg', { length: 500 }),
    ...audit,
  },
  (t) => [
    index('idx_sys_log_type_time').on(t.logType, t.createTime),
    // The retention job deletes by age across both types; the screen's user filter reads by account.
    index('idx_sys_log_time').on(t.createTime),
    index('idx_sys_log_userid_time').on(t.userid, t.createTime),
  ],
);
