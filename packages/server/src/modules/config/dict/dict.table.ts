import { index, integer, smallint, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
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
  (t) => [
    index('idx_sys_dict_item_dict').on(t.dictId, t.sortOrder),
    // A value translates to one text: values are unique within their dictionary.
    uniqueIndex('uniq_sys_dict_item_value').on(t.dictId, t.itemValue),
  ],
);

/**
 * Table dictionaries the client may name as `table,text,code`. Admins register them, but only over the
 * tables, columns and fixed filters of the server-side allow-list (table-dict.registry.ts); the code is
 * derived from the three names, and a filter is a key into that list, never SQL.
 */
export const sysTableDict = pgTable(
  'sys_table_dict',
  {
    id: idColumn(),
    code: varchar('code', { length: 200 }).notNull(),
    tableName: varchar('table_name', { length: 64 }).notNull(),
    textField: varchar('text_field', { length: 64 }).notNull(),
    codeField: varchar('code_field', { length: 64 }).notNull(),
    filterKey: varchar('filter_key', { length: 64 }),
    description: varchar('description', { length: 255 }),
    enabled: smallint('enabled').notNull().default(1),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_table_dict_code').on(t.code)],
);
