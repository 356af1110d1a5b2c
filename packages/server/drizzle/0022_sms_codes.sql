CREATE TABLE "sys_sms_code" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"purpose" varchar(1) NOT NULL,
	"mobile" varchar(20),
	"account" varchar(100),
	"user_id" varchar(36),
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip" varchar(64),
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_sms_outbox" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"mobile" varchar(20) NOT NULL,
	"smsmode" varchar(1) NOT NULL,
	"content" varchar(500) NOT NULL,
	"code" varchar(12) NOT NULL,
	"ip" varchar(64),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_sys_sms_code_mobile" ON "sys_sms_code" USING btree ("mobile","purpose","create_time");--> statement-breakpoint
CREATE INDEX "idx_sys_sms_code_ip" ON "sys_sms_code" USING btree ("ip","create_time");--> statement-breakpoint
CREATE INDEX "idx_sys_sms_code_account" ON "sys_sms_code" USING btree ("account","create_time");--> statement-breakpoint
CREATE INDEX "idx_sys_sms_outbox_create_time" ON "sys_sms_outbox" USING btree ("create_time" DESC NULLS LAST,"id");