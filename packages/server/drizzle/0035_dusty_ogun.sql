CREATE TABLE "sys_import_task" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"source" varchar(400) NOT NULL,
	"dry_run" smallint NOT NULL,
	"state" varchar(12) NOT NULL,
	"step" varchar(40),
	"steps_done" integer DEFAULT 0 NOT NULL,
	"report" text,
	"error" varchar(500),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_sys_import_task_state" ON "sys_import_task" USING btree ("state","heartbeat");