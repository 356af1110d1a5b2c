ALTER TABLE "sys_captcha" ALTER COLUMN "code" SET DATA TYPE varchar(64);--> statement-breakpoint
ALTER TABLE "sys_chain_head" ADD COLUMN "keyed_from" bigint;--> statement-breakpoint
ALTER TABLE "sys_chain_head" ADD COLUMN "mac" varchar(64);--> statement-breakpoint
-- An installation upgraded in place: the entries linked so far keep their plain SHA-256 links; from the next place on the chain is keyed with the server secret (datalog-chain.ts).
UPDATE "sys_chain_head" SET "keyed_from" = "seq" + 1 WHERE "keyed_from" IS NULL;--> statement-breakpoint
-- The data log and the approval records are append-only, like the capital-pool log: the one change an entry ever gets is its linking into the hash chain (its chain columns, set once, nothing else).
CREATE FUNCTION sys_chain_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.chain_seq IS NULL AND NEW.chain_seq IS NOT NULL
       AND (to_jsonb(NEW) - 'chain_seq' - 'prev_hash' - 'hash') = (to_jsonb(OLD) - 'chain_seq' - 'prev_hash' - 'hash') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '%只能追加，不能修改或删除', TG_ARGV[0] USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER sys_data_log_append_only BEFORE UPDATE OR DELETE ON sys_data_log FOR EACH ROW EXECUTE FUNCTION sys_chain_entry_append_only('数据日志');--> statement-breakpoint
CREATE TRIGGER sys_data_log_no_truncate BEFORE TRUNCATE ON sys_data_log FOR EACH STATEMENT EXECUTE FUNCTION sys_chain_entry_append_only('数据日志');--> statement-breakpoint
CREATE TRIGGER rights_approval_append_only BEFORE UPDATE OR DELETE ON rights_approval FOR EACH ROW EXECUTE FUNCTION sys_chain_entry_append_only('审批记录');--> statement-breakpoint
CREATE TRIGGER rights_approval_no_truncate BEFORE TRUNCATE ON rights_approval FOR EACH STATEMENT EXECUTE FUNCTION sys_chain_entry_append_only('审批记录');--> statement-breakpoint
-- The head only moves forward and keeps its keyed boundary once set: a boundary moved past a re-hashed history would pass it off as the old unkeyed links.
CREATE FUNCTION sys_chain_head_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.seq >= OLD.seq AND (OLD.keyed_from IS NULL OR NEW.keyed_from IS NOT DISTINCT FROM OLD.keyed_from) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '数据日志哈希链的链头只能向前移动，不能删除，启用密钥的分界不能改动' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER sys_chain_head_forward_only BEFORE UPDATE OR DELETE ON sys_chain_head FOR EACH ROW EXECUTE FUNCTION sys_chain_head_forward_only();--> statement-breakpoint
CREATE TRIGGER sys_chain_head_no_truncate BEFORE TRUNCATE ON sys_chain_head FOR EACH STATEMENT EXECUTE FUNCTION sys_chain_head_forward_only();--> statement-breakpoint
-- Login and operation log rows go only by age, through the retention job, whose transaction says so (set local sbwq.log_retention = 'on', log.service.ts pruneLogs); nothing edits them.
CREATE FUNCTION sys_log_retention_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('sbwq.log_retention', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '系统日志只能由“日志保留清理”定时任务按保留期删除，不能修改、手动删除或清空' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER sys_log_retention_only BEFORE UPDATE OR DELETE ON sys_log FOR EACH STATEMENT EXECUTE FUNCTION sys_log_retention_only();--> statement-breakpoint
CREATE TRIGGER sys_log_no_truncate BEFORE TRUNCATE ON sys_log FOR EACH STATEMENT EXECUTE FUNCTION sys_log_retention_only();
