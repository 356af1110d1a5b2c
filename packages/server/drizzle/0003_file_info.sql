CREATE TABLE "sb_file_info" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_path" varchar(255) NOT NULL,
	"file_size" bigint NOT NULL,
	"file_ext" varchar(10) NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"file_type" varchar(10),
	"biz_type" varchar(64),
	"biz_id" varchar(36),
	"sys_org_code" varchar(64),
	"uploader_id" varchar(36) NOT NULL,
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sb_file_info_path" ON "sb_file_info" USING btree ("file_path");--> statement-breakpoint
CREATE INDEX "idx_sb_file_info_biz" ON "sb_file_info" USING btree ("biz_type","biz_id");--> statement-breakpoint
CREATE INDEX "idx_sb_file_info_org" ON "sb_file_info" USING btree ("sys_org_code");