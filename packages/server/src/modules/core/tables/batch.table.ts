import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** 线索批次 (DOMAIN.md clue batch). Status values: threaded_status (contracts `BatchStatus`). */
export const rightsBatch = pgTable(
  'rights_batch',
  {
    id: idColumn(),
    batchNo: varchar('batch_no', { length: 32 }).notNull(),
    batchName: varchar('batch_name', { length: 100 }).notNull(),
    orgId: varchar('org_id', { length: 36 }).notNull(),
    orgName: varchar('org_name', { length: 200 }).notNull(),
    rightIds: varchar('right_ids', { length: 2000 }).notNull(),
    rightNames: varchar('right_names', { length: 4000 }).notNull(),
    infringeType: varchar('infringe_type', { length: 2 }).notNull(),
    clueSource: varchar('clue_source', { length: 2 }).notNull(),
    platform: varchar('platform', { length: 2 }).notNull(),
    rightsMethod: varchar('rights_method', { length: 2 }).notNull(),
    description: varchar('description', { length: 2000 }),
    evidenceFiles: varchar('evidence_files', { length: 2000 }),
    remark: varchar('remark', { length: 500 }),
    itemCount: integer('item_count').notNull().default(0),
    applyAmount: money('apply_amount').notNull().default('0'),
    approvedAmount: money('approved_amount'),
    releasedAmount: money('released_amount').notNull().default('0'),
    poolId: varchar('pool_id', { length: 36 }).notNull(),
    poolName: varchar('pool_name', { length: 100 }),
    status: varchar('status', { length: 2 }).notNull().default('1'),
    submitBy: varchar('submit_by', { length: 36 }),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    firstReviewerId: varchar('first_reviewer_id', { length: 36 }),
    firstReviewerName: varchar('first_reviewer_name', { length: 100 }),
    approveTime: timestamp('approve_time', { withTimezone: true }),
    auditOpinion: varchar('audit_opinion', { length: 500 }),
    startTime: timestamp('start_time', { withTimezone: true }),
    closureSummary: varchar('closure_summary', { length: 2000 }),
    closureFiles: varchar('closure_files', { length: 2000 }),
    closureApplyTime: timestamp('closure_apply_time', { withTimezone: true }),
    closedTime: timestamp('closed_time', { withTimezone: true }),
    closureResult: varchar('closure_result', { length: 2 }),
    successRate: numeric('success_rate', { precision: 5, scale: 2 }),
    successCount: integer('success_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    notInfringingCount: integer('not_infringing_count').notNull().default(0),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    delFlag: varchar('del_flag', { length: 1 }).notNull().default('0'),
    ...audit,
  },
  (t) => [
    uniqueIndex('uniq_rights_batch_no').on(t.batchNo),
    // The list walks batches newest first (migrations batch_indexes and batch_approve_time add the columns
    // its filters read to these indexes, so finding a page's keys reads no table rows); the partial
    // indexes serve the statistics.
    index('idx_rights_batch_org').on(t.orgId, t.createTime.desc().nullsFirst(), t.id),
    index('idx_rights_batch_org_code').on(t.sysOrgCode),
    index('idx_rights_batch_status').on(t.status, t.createTime.desc().nullsFirst(), t.id),
    index('idx_rights_batch_pool').on(t.poolId, t.orgId),
    index('idx_rights_batch_submit_time').on(t.submitTime),
    // 审核时间 ranges (the dashboard's 月度 通过 bars open the list on one): counted from here, paged by the create-time walk
    index('idx_rights_batch_approve_time').on(t.approveTime),
    index('idx_rights_batch_create_time').on(t.createTime.desc().nullsFirst(), t.id),
    index('idx_rights_batch_apply_amount').on(t.applyAmount.desc().nullsFirst(), t.id),
    index('idx_rights_batch_submit_stat')
      .on(t.orgId, t.submitTime)
      .where(sql`${t.delFlag} = '0' and ${t.submitTime} is not null`),
    index('idx_rights_batch_approve_stat')
      .on(t.orgId, t.approveTime)
      .where(sql`${t.delFlag} = '0' and ${t.approveTime} is not null`),
    // Reports that sum the live batches by status or by organisation (the 统计报表 demo reports, Online报表)
    // read these alone: the migration batch_report_indexes adds the summed columns (INCLUDE), so the
    // aggregate is an index-only scan of the live batches rather than a read of every row.
    index('idx_rights_batch_report_status')
      .on(t.status)
      .where(sql`${t.delFlag} = '0'`),
    index('idx_rights_batch_report_org')
      .on(t.orgId, t.orgName)
      .where(sql`${t.delFlag} = '0'`),
    check('chk_rights_batch_approved', sql`${t.approvedAmount} is null or (${t.approvedAmount} >= 0 and ${t.approvedAmount} <= ${t.applyAmount})`),
    check('chk_rights_batch_released', sql`${t.releasedAmount} >= 0 and ${t.releasedAmount} <= coalesce(${t.approvedAmount}, 0)`),
  ],
);
export type BatchRow = typeof rightsBatch.$inferSelect;

/** 线索明细: one infringing listing or place; a link appears once per batch. */
export const rightsBatchItem = pgTable(
  'rights_batch_item',
  {
    id: idColumn(),
    batchId: varchar('batch_id', { length: 36 }).notNull(),
    seq: integer('seq').notNull(),
    linkUrl: varchar('link_url', { length: 2000 }).notNull(),
    shopName: varchar('shop_name', { length: 200 }),
    operator: varchar('operator', { length: 200 }),
    location: varchar('location', { length: 200 }),
    goodsName: varchar('goods_name', { length: 200 }),
    price: money('price'),
    evidence: varchar('evidence', { length: 2000 }),
    /** clue_item_status */
    status: varchar('status', { length: 2 }).notNull().default('1'),
    complaintNo: varchar('complaint_no', { length: 100 }),
    handleTime: date('handle_time', { mode: 'string' }),
    remark: varchar('remark', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_rights_batch_item_link').on(t.batchId, sql`md5(${t.linkUrl})`), index('idx_rights_batch_item_batch').on(t.batchId, t.seq)],
);
export type BatchItemRow = typeof rightsBatchItem.$inferSelect;

/** 进度记录 */
export const rightsBatchProgress = pgTable(
  'rights_batch_progress',
  {
    id: idColumn(),
    batchId: varchar('batch_id', { length: 36 }).notNull(),
    node: varchar('node', { length: 2 }).notNull(),
    progressDate: date('progress_date', { mode: 'string' }).notNull(),
    description: varchar('description', { length: 2000 }).notNull(),
    attachments: varchar('attachments', { length: 2000 }),
    createByName: varchar('create_by_name', { length: 100 }),
    ...audit,
  },
  (t) => [index('idx_rights_batch_progress_batch').on(t.batchId, t.progressDate)],
);

/** 操作日志 of a batch: append-only. */
export const rightsBatchLog = pgTable(
  'rights_batch_log',
  {
    id: idColumn(),
    batchId: varchar('batch_id', { length: 36 }).notNull(),
    action: varchar('action', { length: 20 }).notNull(),
    detail: varchar('detail', { length: 1000 }),
    operatorName: varchar('operator_name', { length: 100 }),
    ...audit,
  },
  (t) => [index('idx_rights_batch_log_batch').on(t.batchId, t.createTime)],
);
