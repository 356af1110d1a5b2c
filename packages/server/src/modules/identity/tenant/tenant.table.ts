import { integer, timestamp, varchar, pgTable } from 'drizzle-orm/pg-core';

/** Tenants have integer ids in JeecgBoot (JEECG-API §4.5); the tenant_id header carries one. */
export const sysTenant = pgTable('sys_tenant', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  beginDate: timestamp('begin_date', { withTimezone: true }),
  endDate: timestamp('end_date', { withTimezone: true }),
  status: integer('status').notNull().default(1),
  createBy: varchar('create_by', { length: 32 }),
  createTime: timestamp('create_time', { withTimezone: true }).defaultNow(),
});
