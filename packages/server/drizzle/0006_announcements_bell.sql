DROP INDEX "idx_sys_announcement_send_user";--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD COLUMN "msg_category" varchar(10);--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD COLUMN "annt_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_announcement_send" ADD COLUMN "live" varchar(1) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "idx_sys_announcement_send_unread" ON "sys_announcement_send" USING btree ("user_id","msg_category","annt_time" DESC NULLS LAST) WHERE read_flag = '0' and live = '1';--> statement-breakpoint
CREATE INDEX "idx_sys_announcement_send_user" ON "sys_announcement_send" USING btree ("user_id","read_flag");