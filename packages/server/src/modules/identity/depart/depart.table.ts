import { index, integer, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

export const sysDepart = pgTable(
  'sys_depart',
  {
    id: idColumn(),
    /** root rows have the empty string, as in JeecgBoot */
    parentId: varchar('parent_id', { length: 36 }).notNull().default(''),
    departName: varchar('depart_name', { length: 100 }).notNull(),
    departNameEn: varchar('depart_name_en', { length: 500 }),
    departNameAbbr: varchar('depart_name_abbr', { length: 500 }),
    departOrder: integer('depart_order').notNull().default(0),
    description: varchar('description', { length: 500 }),
    orgCategory: varchar('org_category', { length: 10 }).notNull().default('1'),
    orgType: varchar('org_type', { length: 10 }),
    orgCode: varchar('org_code', { length: 64 }).notNull(),
    mobile: varchar('mobile', { length: 32 }),
    fax: varchar('fax', { length: 32 }),
    address: varchar('address', { length: 100 }),
    memo: varchar('memo', { length: 500 }),
    status: varchar('status', { length: 1 }).notNull().default('1'),
    delFlag: varchar('del_flag', { length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_depart_org_code').on(t.orgCode), index('idx_sys_depart_parent').on(t.parentId)],
);

export const sysDepartPermission = pgTable(
  'sys_depart_permission',
  {
    id: idColumn(),
    departId: varchar('depart_id', { length: 36 }).notNull(),
    permissionId: varchar('permission_id', { length: 36 }).notNull(),
    dataRuleIds: varchar('data_rule_ids', { length: 1000 }),
  },
  (t) => [uniqueIndex('uniq_sys_depart_permission').on(t.departId, t.permissionId)],
);

export const sysDepartRole = pgTable('sys_depart_role', {
  id: idColumn(),
  departId: varchar('depart_id', { length: 36 }).notNull(),
  roleName: varchar('role_name', { length: 200 }),
  roleCode: varchar('role_code', { length: 100 }),
  description: varchar('description', { length: 255 }),
  ...audit,
});

export const sysDepartRoleUser = pgTable(
  'sys_depart_role_user',
  {
    id: idColumn(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    droleId: varchar('drole_id', { length: 36 }).notNull(),
  },
  (t) => [uniqueIndex('uniq_sys_depart_role_user').on(t.userId, t.droleId)],
);

export const sysDepartRolePermission = pgTable(
  'sys_depart_role_permission',
  {
    id: idColumn(),
    departId: varchar('depart_id', { length: 36 }),
    roleId: varchar('role_id', { length: 36 }).notNull(),
    permissionId: varchar('permission_id', { length: 36 }).notNull(),
    dataRuleIds: varchar('data_rule_ids', { length: 1000 }),
    operateDate: timestamp('operate_date', { withTimezone: true }),
    operateIp: varchar('operate_ip', { length: 64 }),
  },
  (t) => [uniqueIndex('uniq_sys_depart_role_permission').on(t.roleId, t.permissionId)],
);
