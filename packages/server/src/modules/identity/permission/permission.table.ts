import { doublePrecision, index, integer, smallint, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/** Menus, sub-menus and buttons (JEECG-API §4.3). */
export const sysPermission = pgTable(
  'sys_permission',
  {
    id: idColumn(),
    parentId: varchar('parent_id', { length: 36 }),
    name: varchar('name', { length: 100 }).notNull(),
    url: varchar('url', { length: 255 }),
    component: varchar('component', { length: 255 }),
    componentName: varchar('component_name', { length: 100 }),
    redirect: varchar('redirect', { length: 255 }),
    /** 0 top menu, 1 sub-menu, 2 button */
    menuType: integer('menu_type').notNull(),
    perms: varchar('perms', { length: 255 }),
    permsType: varchar('perms_type', { length: 10 }).default('0'),
    sortNo: doublePrecision('sort_no').default(0),
    alwaysShow: smallint('always_show').notNull().default(0),
    icon: varchar('icon', { length: 100 }),
    isRoute: smallint('is_route').notNull().default(1),
    isLeaf: smallint('is_leaf').notNull().default(1),
    keepAlive: smallint('keep_alive').notNull().default(0),
    hidden: integer('hidden').notNull().default(0),
    description: varchar('description', { length: 255 }),
    delFlag: integer('del_flag').notNull().default(0),
    ruleFlag: integer('rule_flag').notNull().default(0),
    status: varchar('status', { length: 2 }).default('1'),
    internalOrExternal: smallint('internal_or_external').notNull().default(0),
    ...audit,
  },
  (t) => [index('idx_sys_permission_parent').on(t.parentId), index('idx_sys_permission_type').on(t.menuType)],
);

export const sysPermissionDataRule = pgTable(
  'sys_permission_data_rule',
  {
    id: idColumn(),
    permissionId: varchar('permission_id', { length: 36 }).notNull(),
    ruleName: varchar('rule_name', { length: 50 }),
    ruleColumn: varchar('rule_column', { length: 50 }),
    ruleConditions: varchar('rule_conditions', { length: 50 }),
    ruleValue: varchar('rule_value', { length: 300 }),
    status: varchar('status', { length: 3 }).default('1'),
    ...audit,
  },
  (t) => [index('idx_sys_permission_data_rule_perm').on(t.permissionId)],
);
