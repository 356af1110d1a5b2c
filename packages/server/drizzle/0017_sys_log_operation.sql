ALTER TABLE "sys_log" ADD COLUMN "permission_code" varchar(100);--> statement-breakpoint
ALTER TABLE "sys_log" ADD COLUMN "status_code" smallint;--> statement-breakpoint
ALTER TABLE "sys_log" ADD COLUMN "success" boolean;--> statement-breakpoint
ALTER TABLE "sys_log" ADD COLUMN "error_msg" varchar(500);--> statement-breakpoint
CREATE INDEX "idx_sys_log_time" ON "sys_log" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_sys_log_userid_time" ON "sys_log" USING btree ("userid","create_time");