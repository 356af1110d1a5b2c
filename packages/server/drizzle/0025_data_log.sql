CREATE TABLE "sys_chain_head" (
	"id" varchar(16) PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" varchar(64) NOT NULL,
	"update_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_data_log" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"data_table" varchar(64) NOT NULL,
	"data_id" varchar(36) NOT NULL,
	"data_version" integer NOT NULL,
	"op" varchar(8) NOT NULL,
	"fields" jsonb NOT NULL,
	"old_values" jsonb,
	"new_values" jsonb,
	"data_content" jsonb NOT NULL,
	"create_by" varchar(32),
	"create_name" varchar(100),
	"create_time" timestamp with time zone NOT NULL,
	"chain_seq" bigint,
	"prev_hash" varchar(64),
	"hash" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "rights_approval" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "rights_approval" ADD COLUMN "prev_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "rights_approval" ADD COLUMN "hash" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "uq_sys_data_log_version" ON "sys_data_log" USING btree ("data_table","data_id","data_version");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_sys_data_log_chain" ON "sys_data_log" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "idx_sys_data_log_time" ON "sys_data_log" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_rights_approval_chain" ON "rights_approval" USING btree ("chain_seq");