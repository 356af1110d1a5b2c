-- 机构申请排行 (its amounts come from the claims) is remembered per version of the claim table as well as of
-- the batch and organisation tables (versioned-cache.ts), as the batch statistics are per version of theirs.
INSERT INTO "sys_list_version" ("name") VALUES ('fin_claim') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER fin_claim_list_version AFTER INSERT OR UPDATE OR DELETE ON fin_claim DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('fin_claim');--> statement-breakpoint
CREATE TRIGGER fin_claim_list_version_truncate AFTER TRUNCATE ON fin_claim FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('fin_claim');
