import { index, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

export const sysRole = pgTable(
  'sys_role',
  {
    id: idColumn(),
    roleName: varchar('role_name', { length: 200 }).notNull(),
    roleCode: varchar('role_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_role_role_code').on(t.roleCode)],
);

export const sysRolePermission = pgTable(
  'sys_role_permission',
  {
    id: idColumn(),
    roleId: varchar('role_id', { length: 36 }).notNull(),
    permissionId: varchar('permission_id', { length: 36 }).notNull(),
    dataRuleIds: varchar('data_rule_ids', { length: 1000 }),
    operateDate: timestamp('operate_date', { withTimezone: true }),
    operateIp: varchar('operate_ip', { length: 64 }),
  },
  (t) => [uniqueIndex('uniq_sys_role_permission').on(t.roleId, t.permissionId), index('idx_sys_role_permission_perm').on(t.permissionId)],
);
