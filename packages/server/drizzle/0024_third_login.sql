CREATE TABLE "sys_third_binding" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"display_name" varchar(200),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_third_login_step" (
	"key_hash" varchar(64) PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"provider" varchar(32) NOT NULL,
	"user_id" varchar(36),
	"subject" varchar(255),
	"display_name" varchar(200),
	"data" jsonb,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uq_third_binding_subject" ON "sys_third_binding" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_third_binding_user" ON "sys_third_binding" USING btree ("provider","user_id");--> statement-breakpoint
CREATE INDEX "idx_third_binding_user" ON "sys_third_binding" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "idx_third_login_step_expires" ON "sys_third_login_step" USING btree ("expires_at");