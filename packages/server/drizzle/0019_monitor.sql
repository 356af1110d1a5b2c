CREATE TABLE "sys_monitor_process" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"host" varchar(255) NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"facts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_sys_monitor_process_seen" ON "sys_monitor_process" USING btree ("seen_at");