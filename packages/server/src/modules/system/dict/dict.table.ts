import { index, integer, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

export const sysDict = pgTable(
  'sys_dict',
  {
    id: idColumn(),
    dictName: varchar('dict_name', { length: 100 }).notNull(),
    dictCode: varchar('dict_code', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    delFlag: integer('del_flag').notNull().default(0),
    /** 0 string, 1 number */
    type: integer('type').notNull().default(0),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_dict_code').on(t.dictCode)],
);

export const sysDictItem = pgTable(
  'sys_dict_item',
  {
    id: idColumn(),
    dictId: varchar('dict_id', { length: 36 }).notNull(),
    itemText: varchar('item_text', { length: 100 }).notNull(),
    itemValue: varchar('item_value', { length: 100 }).notNull(),
    description: varchar('description', { length: 255 }),
    sortOrder: integer('sort_order').notNull().default(0),
    status: integer('status').notNull().default(1),
    ...audit,
  },
  (t) => [index('idx_sys_dict_item_dict').on(t.dictId, t.sortOrder)],
);
