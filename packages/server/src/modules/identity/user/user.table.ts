import { date, index, smallint, text, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

export const sysUser = pgTable(
  'sys_user',
  {
    id: idColumn(),
    username: varchar('username', { length: 100 }).notNull(),
    realname: varchar('realname', { length: 100 }).notNull(),
    /** argon2id hash (salt inside); never leaves the server */
    password: varchar('password', { length: 255 }).notNull(),
    avatar: varchar('avatar', { length: 255 }),
    birthday: date('birthday'),
    sex: smallint('sex'),
    email: varchar('email', { length: 45 }),
    phone: varchar('phone', { length: 45 }),
    orgCode: varchar('org_code', { length: 64 }),
    status: smallint('status').notNull().default(1),
    delFlag: smallint('del_flag').notNull().default(0),
    thirdId: varchar('third_id', { length: 100 }),
    thirdType: varchar('third_type', { length: 100 }),
    workNo: varchar('work_no', { length: 100 }),
    post: varchar('post', { length: 100 }),
    telephone: varchar('telephone', { length: 45 }),
    userIdentity: smallint('user_identity').default(1),
    departIds: text('depart_ids'),
    relTenantIds: varchar('rel_tenant_ids', { length: 100 }),
    clientId: varchar('client_id', { length: 64 }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** 1 after a JeecgBoot password too weak for §5 was accepted once (issue 40): the account reaches nothing but 修改密码 */
    passwordMustChange: smallint('password_must_change').notNull().default(0),
    ...audit,
  },
  (t) => [
    uniqueIndex('uniq_sys_user_username').on(t.username),
    uniqueIndex('uniq_sys_user_email').on(t.email),
    uniqueIndex('uniq_sys_user_phone').on(t.phone),
    uniqueIndex('uniq_sys_user_work_no').on(t.workNo),
    index('idx_sys_user_org_code').on(t.orgCode),
    // Migration 0008 adds INCLUDE (username, realname, phone, status, del_flag), which drizzle cannot describe.
    index('idx_sys_user_create_time').on(t.createTime.desc().nullsFirst(), t.id),
    index('idx_sys_user_del_flag').on(t.delFlag),
  ],
);

export const sysUserRole = pgTable(
  'sys_user_role',
  {
    id: idColumn(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    roleId: varchar('role_id', { length: 36 }).notNull(),
  },
  (t) => [uniqueIndex('uniq_sys_user_role').on(t.userId, t.roleId), index('idx_sys_user_role_role').on(t.roleId)],
);

export const sysUserDepart = pgTable(
  'sys_user_depart',
  {
    id: idColumn(),
    userId: varchar('user_id', { length: 36 }).notNull(),
    depId: varchar('dep_id', { length: 36 }).notNull(),
  },
  (t) => [uniqueIndex('uniq_sys_user_depart').on(t.userId, t.depId), index('idx_sys_user_depart_dep').on(t.depId)],
);
