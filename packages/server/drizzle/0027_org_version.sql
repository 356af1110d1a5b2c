-- The caller's organisation (findMyOrg, asked on most organisation-data requests) is remembered per
-- version of the organisation table (versioned-cache.ts), as list totals are per version of theirs.
INSERT INTO "sys_list_version" ("name") VALUES ('rights_org') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER rights_org_list_version AFTER INSERT OR UPDATE OR DELETE ON rights_org DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('rights_org');--> statement-breakpoint
CREATE TRIGGER rights_org_list_version_truncate AFTER TRUNCATE ON rights_org FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('rights_org');
