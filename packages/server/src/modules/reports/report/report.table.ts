import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/** Online报表 (JEECG-API §5.6, onl_cgreport_head): one SELECT, checked when saved and again when run. */
export const onlCgreportHead = pgTable(
  'onl_cgreport_head',
  {
    id: idColumn(),
    code: varchar('code', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    cgrSql: text('cgr_sql').notNull(),
    /** data source code; null: the main database */
    dbSource: varchar('db_source', { length: 100 }),
    /** menu, staff or all: who may run it besides the administrator */
    access: varchar('access', { length: 10 }).notNull().default('menu'),
    content: varchar('content', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_onl_cgreport_head_code').on(t.code)],
);

/** A column of a report's result: how it is titled, shown, searched, sorted and translated. */
export const onlCgreportItem = pgTable(
  'onl_cgreport_item',
  {
    id: idColumn(),
    cgrheadId: varchar('cgrhead_id', { length: 36 }).notNull(),
    fieldName: varchar('field_name', { length: 64 }).notNull(),
    fieldTxt: varchar('field_txt', { length: 100 }).notNull().default(''),
    fieldWidth: integer('field_width'),
    fieldType: varchar('field_type', { length: 10 }).notNull().default('String'),
    /** single (exact), like (fuzzy) or group (range) */
    searchMode: varchar('search_mode', { length: 10 }).notNull().default('single'),
    isOrder: boolean('is_order').notNull().default(false),
    isSearch: boolean('is_search').notNull().default(false),
    dictCode: varchar('dict_code', { length: 100 }),
    isShow: boolean('is_show').notNull().default(true),
    orderNum: integer('order_num').notNull().default(0),
    ...audit,
  },
  (t) => [index('idx_onl_cgreport_item_head').on(t.cgrheadId)],
);

/** A `${name}` of the report's SQL, bound from the `self_<name>` query value or this default. */
export const onlCgreportParam = pgTable(
  'onl_cgreport_param',
  {
    id: idColumn(),
    cgrheadId: varchar('cgrhead_id', { length: 36 }).notNull(),
    paramName: varchar('param_name', { length: 64 }).notNull(),
    paramTxt: varchar('param_txt', { length: 100 }).notNull().default(''),
    paramValue: varchar('param_value', { length: 200 }),
    orderNum: integer('order_num').notNull().default(0),
    ...audit,
  },
  (t) => [index('idx_onl_cgreport_param_head').on(t.cgrheadId)],
);
