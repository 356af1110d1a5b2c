CREATE TABLE "sys_position" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(100) NOT NULL,
	"post_rank" varchar(2),
	"company_id" varchar(255),
	"tenant_id" integer DEFAULT 0 NOT NULL,
	"sys_org_code" varchar(64),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_position_tenant_code" ON "sys_position" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "idx_sys_position_tenant" ON "sys_position" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "idx_sys_user_create_time" ON "sys_user" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "idx_sys_user_del_flag" ON "sys_user" USING btree ("del_flag");