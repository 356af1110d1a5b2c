CREATE TABLE "sys_list_version" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "sys_list_version" ("name") VALUES ('sys_user'), ('access');--> statement-breakpoint
-- Bumps a data group's version once per writing transaction, at commit (the triggers below are deferred),
-- so version rows are locked only for the last moment of a transaction, after every other lock it takes.
-- The first bump of a transaction locks all version rows in name order: two transactions bumping the
-- same groups in opposite orders would otherwise deadlock.
CREATE FUNCTION sys_list_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  txid text := txid_current()::text;
  marker text := 'sbwq.list_version_' || TG_ARGV[0];
BEGIN
  IF current_setting(marker, true) IS DISTINCT FROM txid THEN
    PERFORM set_config(marker, txid, true);
    IF current_setting('sbwq.list_version_locked', true) IS DISTINCT FROM txid THEN
      PERFORM set_config('sbwq.list_version_locked', txid, true);
      PERFORM 1 FROM sys_list_version ORDER BY name FOR UPDATE;
    END IF;
    UPDATE sys_list_version SET version = version + 1 WHERE name = TG_ARGV[0];
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_user_list_version AFTER INSERT OR UPDATE OR DELETE ON sys_user DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('sys_user');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_user_depart_list_version AFTER INSERT OR UPDATE OR DELETE ON sys_user_depart DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('sys_user');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_depart_list_version AFTER INSERT OR UPDATE OR DELETE ON sys_depart DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('sys_user');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_user_role_access_version AFTER INSERT OR UPDATE OR DELETE ON sys_user_role DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_role_access_version AFTER INSERT OR UPDATE OR DELETE ON sys_role DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_permission_access_version AFTER INSERT OR UPDATE OR DELETE ON sys_permission DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_role_permission_access_version AFTER INSERT OR UPDATE OR DELETE ON sys_role_permission DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_permission_data_rule_access_version AFTER INSERT OR UPDATE OR DELETE ON sys_permission_data_rule DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_depart_role_user_access_version AFTER INSERT OR UPDATE OR DELETE ON sys_depart_role_user DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_depart_role_permission_access_version AFTER INSERT OR UPDATE OR DELETE ON sys_depart_role_permission DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE TRIGGER sys_user_list_version_truncate AFTER TRUNCATE ON sys_user FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('sys_user');--> statement-breakpoint
CREATE TRIGGER sys_user_depart_list_version_truncate AFTER TRUNCATE ON sys_user_depart FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('sys_user');--> statement-breakpoint
CREATE TRIGGER sys_depart_list_version_truncate AFTER TRUNCATE ON sys_depart FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('sys_user');--> statement-breakpoint
CREATE TRIGGER sys_user_role_access_version_truncate AFTER TRUNCATE ON sys_user_role FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE TRIGGER sys_role_access_version_truncate AFTER TRUNCATE ON sys_role FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE TRIGGER sys_permission_access_version_truncate AFTER TRUNCATE ON sys_permission FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE TRIGGER sys_role_permission_access_version_truncate AFTER TRUNCATE ON sys_role_permission FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE TRIGGER sys_permission_data_rule_access_version_truncate AFTER TRUNCATE ON sys_permission_data_rule FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE TRIGGER sys_depart_role_user_access_version_truncate AFTER TRUNCATE ON sys_depart_role_user FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
CREATE TRIGGER sys_depart_role_permission_access_version_truncate AFTER TRUNCATE ON sys_depart_role_permission FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('access');--> statement-breakpoint
-- Trigram indexes serve the user list's *contains* searches. pg_trgm ships with PostgreSQL's contrib
-- package (and is trusted, so a database owner may create it); where it is missing the searches still
-- work, by reading every row.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: user list searches will scan the table';
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    -- fastupdate off: without autovacuum (the embedded database) a pending list would only grow.
    CREATE INDEX idx_sys_user_username_trgm ON sys_user USING gin (username gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX idx_sys_user_realname_trgm ON sys_user USING gin (realname gin_trgm_ops) WITH (fastupdate = off);
    CREATE INDEX idx_sys_user_phone_trgm ON sys_user USING gin (phone gin_trgm_ops) WITH (fastupdate = off);
  END IF;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'trigram indexes not created: %', SQLERRM;
END $$;
