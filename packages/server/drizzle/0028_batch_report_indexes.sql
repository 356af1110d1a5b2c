-- Reports that sum the live batches by status or by organisation (the 统计报表 demo reports 线索批次汇总
-- and 机构申请统计, and Online报表 written like them) find every column they read in these indexes: the
-- aggregate is an index-only scan of the live batches, not a read of every table row. The schema
-- (batch.table.ts) names the same keys; the summed columns are INCLUDEd here.
CREATE INDEX "idx_rights_batch_report_status" ON "rights_batch" USING btree ("status") INCLUDE ("item_count", "apply_amount", "approved_amount", "released_amount") WHERE "rights_batch"."del_flag" = '0';--> statement-breakpoint
CREATE INDEX "idx_rights_batch_report_org" ON "rights_batch" USING btree ("org_id","org_name") INCLUDE ("status", "item_count", "apply_amount", "approved_amount", "submit_time") WHERE "rights_batch"."del_flag" = '0';
