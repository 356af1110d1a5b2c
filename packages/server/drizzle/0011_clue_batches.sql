CREATE TABLE "rights_batch" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"batch_name" varchar(100) NOT NULL,
	"org_id" varchar(36) NOT NULL,
	"org_name" varchar(200) NOT NULL,
	"right_ids" varchar(2000) NOT NULL,
	"right_names" varchar(4000) NOT NULL,
	"infringe_type" varchar(2) NOT NULL,
	"clue_source" varchar(2) NOT NULL,
	"platform" varchar(2) NOT NULL,
	"rights_method" varchar(2) NOT NULL,
	"description" varchar(2000),
	"evidence_files" varchar(2000),
	"remark" varchar(500),
	"item_count" integer DEFAULT 0 NOT NULL,
	"apply_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"approved_amount" numeric(14, 2),
	"released_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"pool_id" varchar(36) NOT NULL,
	"pool_name" varchar(100),
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"submit_by" varchar(36),
	"submit_time" timestamp with time zone,
	"first_reviewer_id" varchar(36),
	"first_reviewer_name" varchar(100),
	"approve_time" timestamp with time zone,
	"audit_opinion" varchar(500),
	"start_time" timestamp with time zone,
	"closure_summary" varchar(2000),
	"closure_files" varchar(2000),
	"closure_apply_time" timestamp with time zone,
	"closed_time" timestamp with time zone,
	"closure_result" varchar(2),
	"success_rate" numeric(5, 2),
	"success_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"not_infringing_count" integer DEFAULT 0 NOT NULL,
	"sys_org_code" varchar(64),
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "chk_rights_batch_approved" CHECK ("rights_batch"."approved_amount" is null or ("rights_batch"."approved_amount" >= 0 and "rights_batch"."approved_amount" <= "rights_batch"."apply_amount")),
	CONSTRAINT "chk_rights_batch_released" CHECK ("rights_batch"."released_amount" >= 0 and "rights_batch"."released_amount" <= coalesce("rights_batch"."approved_amount", 0))
);
--> statement-breakpoint
CREATE TABLE "rights_batch_item" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"batch_id" varchar(36) NOT NULL,
	"seq" integer NOT NULL,
	"link_url" varchar(2000) NOT NULL,
	"shop_name" varchar(200),
	"operator" varchar(200),
	"location" varchar(200),
	"goods_name" varchar(200),
	"price" numeric(14, 2),
	"evidence" varchar(2000),
	"status" varchar(2) DEFAULT '1' NOT NULL,
	"complaint_no" varchar(100),
	"handle_time" date,
	"remark" varchar(500),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rights_batch_log" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"batch_id" varchar(36) NOT NULL,
	"action" varchar(20) NOT NULL,
	"detail" varchar(1000),
	"operator_name" varchar(100),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rights_batch_progress" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"batch_id" varchar(36) NOT NULL,
	"node" varchar(2) NOT NULL,
	"progress_date" date NOT NULL,
	"description" varchar(2000) NOT NULL,
	"attachments" varchar(2000),
	"create_by_name" varchar(100),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_rights_batch_no" ON "rights_batch" USING btree ("batch_no");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_org" ON "rights_batch" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_org_code" ON "rights_batch" USING btree ("sys_org_code");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_status" ON "rights_batch" USING btree ("status");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_pool" ON "rights_batch" USING btree ("pool_id","org_id");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_submit_time" ON "rights_batch" USING btree ("submit_time");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_create_time" ON "rights_batch" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_rights_batch_item_link" ON "rights_batch_item" USING btree ("batch_id",md5("link_url"));--> statement-breakpoint
CREATE INDEX "idx_rights_batch_item_batch" ON "rights_batch_item" USING btree ("batch_id","seq");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_log_batch" ON "rights_batch_log" USING btree ("batch_id","create_time");--> statement-breakpoint
CREATE INDEX "idx_rights_batch_progress_batch" ON "rights_batch_progress" USING btree ("batch_id","progress_date");