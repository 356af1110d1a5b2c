CREATE TABLE "sys_sms" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"es_title" varchar(100),
	"es_content" varchar(4000) NOT NULL,
	"es_param" varchar(1000),
	"es_receiver" varchar(200) NOT NULL,
	"es_type" varchar(1) NOT NULL,
	"es_send_status" varchar(1) DEFAULT '0' NOT NULL,
	"es_send_num" integer DEFAULT 0 NOT NULL,
	"es_send_time" timestamp with time zone,
	"es_result" varchar(1000),
	"remark" varchar(500),
	"template_code" varchar(100),
	"next_try_time" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_sms_template" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"template_code" varchar(100) NOT NULL,
	"template_name" varchar(100) NOT NULL,
	"template_content" varchar(4000) NOT NULL,
	"template_type" varchar(1) NOT NULL,
	"template_test_json" varchar(4000),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idx_sys_sms_due" ON "sys_sms" USING btree ("es_send_status","next_try_time");--> statement-breakpoint
CREATE INDEX "idx_sys_sms_create_time" ON "sys_sms" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_sms_template_code" ON "sys_sms_template" USING btree ("template_code");