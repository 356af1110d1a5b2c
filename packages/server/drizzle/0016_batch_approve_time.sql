-- 线索批次 filtered by 审核时间 (the dashboard's 月度 通过 bars open the list on a month of approvals).
-- The count reads the range from its own index; the page walks batches newest first as every list
-- filter does, with approve_time carried in the walk's indexes so no table row is read to test it
-- (100,000 batches: an old month went from about 80 ms to about 12 ms).
CREATE INDEX "idx_rights_batch_approve_time" ON "rights_batch" USING btree ("approve_time");--> statement-breakpoint
DROP INDEX "idx_rights_batch_create_time";--> statement-breakpoint
DROP INDEX "idx_rights_batch_org";--> statement-breakpoint
CREATE INDEX "idx_rights_batch_create_time" ON "rights_batch" USING btree ("create_time" DESC NULLS FIRST,"id") INCLUDE ("status", "org_id", "del_flag", "batch_no", "platform", "submit_time", "approve_time");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_org" ON "rights_batch" USING btree ("org_id","create_time" DESC NULLS FIRST,"id") INCLUDE ("status", "del_flag", "batch_no", "platform", "submit_time", "approve_time");
