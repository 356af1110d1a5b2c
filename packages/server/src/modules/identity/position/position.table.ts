import { index, integer, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/** 职务 (JEECG-API §4.5 sys_position); tenant-scoped: rows of one tenant are invisible to another. */
export const sysPosition = pgTable(
  'sys_position',
  {
    id: idColumn(),
    code: varchar('code', { length: 100 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    postRank: varchar('post_rank', { length: 2 }),
    companyId: varchar('company_id', { length: 255 }),
    tenantId: integer('tenant_id').notNull().default(0),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_position_tenant_code').on(t.tenantId, t.code), index('idx_sys_position_tenant').on(t.tenantId)],
);
