ALTER TABLE "sb_file_info" ADD COLUMN "sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "sb_file_info" ADD COLUMN "storage" varchar(8) DEFAULT 'local' NOT NULL;