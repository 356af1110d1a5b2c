import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * 维权结果 added up per organisation, 维权方式 and 侵权平台 over the closed, undeleted batches (issue 35:
 * summing 100k batches' item counts took 35–135 ms after every batch write). Triggers on rights_batch
 * (migration 0038) keep it in the writing transaction; the service only reads it. A group whose last
 * closed batch left it keeps a row of zeros.
 */
export const rightsBatchResult = pgTable(
  'rights_batch_result',
  {
    orgId: varchar('org_id', { length: 36 }).notNull(),
    rightsMethod: varchar('rights_method', { length: 2 }).notNull(),
    platform: varchar('platform', { length: 2 }).notNull(),
    batches: integer('batches').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    notInfringingCount: integer('not_infringing_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.rightsMethod, t.platform] })],
);
