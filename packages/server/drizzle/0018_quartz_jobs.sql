CREATE TABLE "sys_quartz_job" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"job_key" varchar(64) NOT NULL,
	"cron_expression" varchar(100) NOT NULL,
	"parameter" text,
	"description" varchar(255),
	"status" smallint DEFAULT 0 NOT NULL,
	"next_run" timestamp with time zone,
	"lease_owner" varchar(120),
	"lease_until" timestamp with time zone,
	"lease_run_id" varchar(36),
	"last_run_time" timestamp with time zone,
	"last_outcome" varchar(12),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job_mark" (
	"job_key" varchar(64) NOT NULL,
	"mark_key" varchar(200) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pk_sys_quartz_job_mark" PRIMARY KEY("job_key","mark_key")
);
--> statement-breakpoint
CREATE TABLE "sys_quartz_job_run" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"job_id" varchar(36) NOT NULL,
	"job_key" varchar(64) NOT NULL,
	"trigger" varchar(10) NOT NULL,
	"scheduled_time" timestamp with time zone,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"duration_ms" integer,
	"outcome" varchar(12) NOT NULL,
	"message" varchar(1000),
	"error_text" text,
	"pid" integer NOT NULL,
	"host" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_quartz_job_key" ON "sys_quartz_job" USING btree ("job_key");--> statement-breakpoint
CREATE INDEX "idx_sys_quartz_job_due" ON "sys_quartz_job" USING btree ("status","next_run");--> statement-breakpoint
CREATE INDEX "idx_sys_quartz_job_run_job" ON "sys_quartz_job_run" USING btree ("job_id","start_time");