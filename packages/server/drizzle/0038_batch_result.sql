CREATE TABLE "rights_batch_result" (
	"org_id" varchar(36) NOT NULL,
	"rights_method" varchar(2) NOT NULL,
	"platform" varchar(2) NOT NULL,
	"batches" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"not_infringing_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rights_batch_result_org_id_rights_method_platform_pk" PRIMARY KEY("org_id","rights_method","platform")
);--> statement-breakpoint
-- 维权结果 kept per organisation, 维权方式 and 侵权平台 (issue 35): a closed ('7', BatchStatus.closed),
-- undeleted batch counts once with its item counters. Row triggers add a batch as it becomes such a batch
-- (or its counters change) and take it away as it stops being one, in the writing transaction; only a
-- change that touches a closed batch runs the function. The summary row is locked until commit, so two
-- closures in the same group wait for each other (closures are rare, and each changes one batch).
CREATE FUNCTION rights_batch_result_add(o varchar, m varchar, p varchar, sign integer, s integer, f integer, n integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO rights_batch_result AS r (org_id, rights_method, platform, batches, success_count, failed_count, not_infringing_count)
  VALUES (o, m, p, sign, sign * s, sign * f, sign * n)
  ON CONFLICT (org_id, rights_method, platform) DO UPDATE SET
    batches = r.batches + excluded.batches,
    success_count = r.success_count + excluded.success_count,
    failed_count = r.failed_count + excluded.failed_count,
    not_infringing_count = r.not_infringing_count + excluded.not_infringing_count
$$;--> statement-breakpoint
CREATE FUNCTION rights_batch_result_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = '7' AND OLD.del_flag = '0' THEN
    PERFORM rights_batch_result_add(OLD.org_id, OLD.rights_method, OLD.platform, -1, OLD.success_count, OLD.failed_count, OLD.not_infringing_count);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = '7' AND NEW.del_flag = '0' THEN
    PERFORM rights_batch_result_add(NEW.org_id, NEW.rights_method, NEW.platform, 1, NEW.success_count, NEW.failed_count, NEW.not_infringing_count);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION rights_batch_result_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rights_batch_result;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER rights_batch_result_insert AFTER INSERT ON rights_batch FOR EACH ROW WHEN (NEW.status = '7' AND NEW.del_flag = '0') EXECUTE FUNCTION rights_batch_result_count();--> statement-breakpoint
CREATE TRIGGER rights_batch_result_delete AFTER DELETE ON rights_batch FOR EACH ROW WHEN (OLD.status = '7' AND OLD.del_flag = '0') EXECUTE FUNCTION rights_batch_result_count();--> statement-breakpoint
CREATE TRIGGER rights_batch_result_update AFTER UPDATE ON rights_batch FOR EACH ROW
  WHEN ((OLD.status = '7' OR NEW.status = '7')
    AND (OLD.status, OLD.del_flag, OLD.org_id, OLD.rights_method, OLD.platform, OLD.success_count, OLD.failed_count, OLD.not_infringing_count)
      IS DISTINCT FROM (NEW.status, NEW.del_flag, NEW.org_id, NEW.rights_method, NEW.platform, NEW.success_count, NEW.failed_count, NEW.not_infringing_count))
  EXECUTE FUNCTION rights_batch_result_count();--> statement-breakpoint
CREATE TRIGGER rights_batch_result_truncate AFTER TRUNCATE ON rights_batch FOR EACH STATEMENT EXECUTE FUNCTION rights_batch_result_clear();--> statement-breakpoint
-- an existing database: its closed batches as they stand
INSERT INTO rights_batch_result (org_id, rights_method, platform, batches, success_count, failed_count, not_infringing_count)
SELECT org_id, rights_method, platform, count(*), sum(success_count), sum(failed_count), sum(not_infringing_count)
  FROM rights_batch WHERE status = '7' AND del_flag = '0'
 GROUP BY org_id, rights_method, platform;
