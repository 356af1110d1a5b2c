import { index, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/** 分类字典 (JEECG-API §4.5): root rows have pid "0"; a child's code is its parent's code plus one segment. */
export const sysCategory = pgTable(
  'sys_category',
  {
    id: idColumn(),
    pid: varchar('pid', { length: 36 }).notNull().default('0'),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 100 }).notNull(),
    /** "1" when the row has children */
    hasChild: varchar('has_child', { length: 3 }).notNull().default('0'),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_category_code').on(t.code), index('idx_sys_category_pid').on(t.pid)],
);
