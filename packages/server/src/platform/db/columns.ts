import { timestamp, varchar } from 'drizzle-orm/pg-core';

/** Audit columns every row carries (JEECG-API §6.3). */
export const audit = {
  createBy: varchar('create_by', { length: 32 }),
  createTime: timestamp('create_time', { withTimezone: true }).defaultNow(),
  updateBy: varchar('update_by', { length: 32 }),
  updateTime: timestamp('update_time', { withTimezone: true }),
};

export const idColumn = () => varchar('id', { length: 36 }).primaryKey();
