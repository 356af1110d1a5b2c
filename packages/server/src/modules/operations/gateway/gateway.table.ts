import { index, integer, smallint, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/**
 * 路由网关 (JEECG-API §4 sys_gateway_route). JeecgBoot kept a free `uri` and JSON predicates/filters; here the
 * upstream is a name from the GATEWAY_UPSTREAMS allow-list and the predicates are columns, so no request and
 * no saved text can point the gateway at another host. A trigger (migration) bumps sys_list_version
 * 'gateway' at every commit that writes here: each process's route table checks it (gateway.service.ts).
 */
export const sysGatewayRoute = pgTable(
  'sys_gateway_route',
  {
    id: idColumn(),
    routerId: varchar('router_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    pathPrefix: varchar('path_prefix', { length: 200 }).notNull(),
    /** a name in GATEWAY_UPSTREAMS */
    upstream: varchar('upstream', { length: 64 }).notNull(),
    /** comma list of HTTP methods; empty = every method */
    methods: varchar('methods', { length: 64 }).notNull().default(''),
    headerName: varchar('header_name', { length: 64 }),
    headerValue: varchar('header_value', { length: 200 }),
    stripPrefix: smallint('strip_prefix').notNull().default(1),
    needLogin: smallint('need_login').notNull().default(1),
    /** a permission code (sys_permission.perms) the signed-in caller must hold; null = any vetted account */
    permission: varchar('permission', { length: 255 }),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 1 启用, 0 停用 */
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_gateway_route_router_id').on(t.routerId), index('idx_sys_gateway_route_order').on(t.sortOrder)],
);
