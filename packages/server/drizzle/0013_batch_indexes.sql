-- The clue-batch list walks batches newest first and filters as it goes (scope: deleted, draft of
-- another organisation; status, organisation, number, platform, submit time). With those columns in
-- the indexes the walk reads index entries only and the page then fetches its own rows by id (pageOf's
-- keysFirst). The schema (batch.table.ts) names the same keys.
DROP INDEX "idx_rights_batch_org";--> statement-breakpoint
DROP INDEX "idx_rights_batch_status";--> statement-breakpoint
DROP INDEX "idx_rights_batch_create_time";--> statement-breakpoint
CREATE INDEX "idx_rights_batch_create_time" ON "rights_batch" USING btree ("create_time" DESC NULLS FIRST,"id") INCLUDE ("status", "org_id", "del_flag", "batch_no", "platform", "submit_time");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_org" ON "rights_batch" USING btree ("org_id","create_time" DESC NULLS FIRST,"id") INCLUDE ("status", "del_flag", "batch_no", "platform", "submit_time");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_status" ON "rights_batch" USING btree ("status","create_time" DESC NULLS FIRST,"id") INCLUDE ("org_id", "del_flag", "platform");--> statement-breakpoint
-- 申请金额, the money column the list is sorted by most, in both directions.
CREATE INDEX "idx_rights_batch_apply_amount" ON "rights_batch" USING btree ("apply_amount" DESC NULLS FIRST,"id") INCLUDE ("status", "org_id", "del_flag");--> statement-breakpoint
-- Spec §7 statistics count submitted and approved batches, all or one organisation's, from these alone.
CREATE INDEX "idx_rights_batch_submit_stat" ON "rights_batch" USING btree ("org_id","submit_time") WHERE "rights_batch"."del_flag" = '0' and "rights_batch"."submit_time" is not null;--> statement-breakpoint
CREATE INDEX "idx_rights_batch_approve_stat" ON "rights_batch" USING btree ("org_id","approve_time") WHERE "rights_batch"."del_flag" = '0' and "rights_batch"."approve_time" is not null;--> statement-breakpoint
-- 批次编号 / 批次名称 *contains* searches (as the user list's, only where pg_trgm is available).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX idx_rights_batch_no_trgm ON rights_batch USING gin (batch_no gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX idx_rights_batch_name_trgm ON rights_batch USING gin (batch_name gin_trgm_ops) WITH (fastupdate = off);
  END IF;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'trigram indexes not created: %', SQLERRM;
END $$;--> statement-breakpoint
-- List totals and statistics are remembered per version of the batch table (versioned-cache.ts).
INSERT INTO "sys_list_version" ("name") VALUES ('rights_batch') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER rights_batch_list_version AFTER INSERT OR UPDATE OR DELETE ON rights_batch DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('rights_batch');--> statement-breakpoint
CREATE TRIGGER rights_batch_list_version_truncate AFTER TRUNCATE ON rights_batch FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('rights_batch');
