CREATE TABLE "fin_capital_pool" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"pool_code" varchar(32) NOT NULL,
	"pool_name" varchar(100) NOT NULL,
	"fund_source" varchar(2) NOT NULL,
	"pool_year" integer NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"frozen_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"used_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance_amount" numeric(14, 2) GENERATED ALWAYS AS (total_amount - used_amount - frozen_amount) STORED,
	"subsidy_per_case" numeric(14, 2),
	"org_cap" numeric(14, 2),
	"valid_from" date,
	"valid_to" date,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"log_seq" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500),
	"sys_org_code" varchar(64),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "chk_fin_capital_pool_frozen" CHECK ("fin_capital_pool"."frozen_amount" >= 0),
	CONSTRAINT "chk_fin_capital_pool_used" CHECK ("fin_capital_pool"."used_amount" >= 0),
	CONSTRAINT "chk_fin_capital_pool_balance" CHECK ("fin_capital_pool"."total_amount" - "fin_capital_pool"."used_amount" - "fin_capital_pool"."frozen_amount" >= 0),
	CONSTRAINT "chk_fin_capital_pool_status" CHECK ("fin_capital_pool"."status" in ('1', '2', '3', '4'))
);
--> statement-breakpoint
CREATE TABLE "fin_capital_pool_log" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"pool_id" varchar(36) NOT NULL,
	"pool_code" varchar(32) NOT NULL,
	"seq" integer NOT NULL,
	"change_type" varchar(1) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"from_account" varchar(10) NOT NULL,
	"to_account" varchar(10) NOT NULL,
	"balance_before" numeric(14, 2) NOT NULL,
	"balance_after" numeric(14, 2) NOT NULL,
	"total_after" numeric(14, 2) NOT NULL,
	"frozen_after" numeric(14, 2) NOT NULL,
	"used_after" numeric(14, 2) NOT NULL,
	"biz_ref" varchar(100),
	"biz_no" varchar(64),
	"op_key" varchar(128) NOT NULL,
	"org_id" varchar(36),
	"org_name" varchar(100),
	"remark" varchar(500),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chk_fin_capital_pool_log_amount" CHECK ("fin_capital_pool_log"."amount" > 0),
	CONSTRAINT "chk_fin_capital_pool_log_accounts" CHECK ("fin_capital_pool_log"."from_account" <> "fin_capital_pool_log"."to_account" and "fin_capital_pool_log"."from_account" in ('external', 'available', 'frozen', 'used') and "fin_capital_pool_log"."to_account" in ('external', 'available', 'frozen', 'used')),
	CONSTRAINT "chk_fin_capital_pool_log_after" CHECK ("fin_capital_pool_log"."balance_after" >= 0 and "fin_capital_pool_log"."frozen_after" >= 0 and "fin_capital_pool_log"."used_after" >= 0 and "fin_capital_pool_log"."total_after" - "fin_capital_pool_log"."used_after" - "fin_capital_pool_log"."frozen_after" = "fin_capital_pool_log"."balance_after"),
	CONSTRAINT "chk_fin_capital_pool_log_balance_move" CHECK ("fin_capital_pool_log"."balance_after" - "fin_capital_pool_log"."balance_before" = (case when "fin_capital_pool_log"."to_account" = 'available' then "fin_capital_pool_log"."amount" else 0 end) - (case when "fin_capital_pool_log"."from_account" = 'available' then "fin_capital_pool_log"."amount" else 0 end))
);
--> statement-breakpoint
ALTER TABLE "fin_capital_pool_log" ADD CONSTRAINT "fin_capital_pool_log_pool_id_fin_capital_pool_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."fin_capital_pool"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_fin_capital_pool_code" ON "fin_capital_pool" USING btree ("pool_code");--> statement-breakpoint
CREATE INDEX "idx_fin_capital_pool_create_time" ON "fin_capital_pool" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_fin_capital_pool_log_op_key" ON "fin_capital_pool_log" USING btree ("op_key");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_fin_capital_pool_log_seq" ON "fin_capital_pool_log" USING btree ("pool_id","seq");--> statement-breakpoint
CREATE INDEX "idx_fin_capital_pool_log_biz_ref" ON "fin_capital_pool_log" USING btree ("pool_id","biz_ref");--> statement-breakpoint
CREATE INDEX "idx_fin_capital_pool_log_create_time" ON "fin_capital_pool_log" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_fin_capital_pool_log_biz_no" ON "fin_capital_pool_log" USING btree ("biz_no");--> statement-breakpoint
CREATE FUNCTION fin_capital_pool_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '资金池日志只能追加，不能修改或删除（更正请新增调整记录）' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER fin_capital_pool_log_no_update BEFORE UPDATE OR DELETE ON fin_capital_pool_log FOR EACH ROW EXECUTE FUNCTION fin_capital_pool_log_append_only();--> statement-breakpoint
CREATE TRIGGER fin_capital_pool_log_no_truncate BEFORE TRUNCATE ON fin_capital_pool_log FOR EACH STATEMENT EXECUTE FUNCTION fin_capital_pool_log_append_only();--> statement-breakpoint
CREATE FUNCTION fin_capital_pool_amounts_by_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.total_amount, NEW.frozen_amount, NEW.used_amount) IS DISTINCT FROM (OLD.total_amount, OLD.frozen_amount, OLD.used_amount)
     AND NEW.log_seq <> OLD.log_seq + 1 THEN
    RAISE EXCEPTION '资金池金额只能随资金池日志变动' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER fin_capital_pool_amounts_by_log BEFORE UPDATE ON fin_capital_pool FOR EACH ROW EXECUTE FUNCTION fin_capital_pool_amounts_by_log();
