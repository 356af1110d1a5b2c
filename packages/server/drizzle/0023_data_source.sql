CREATE TABLE "sys_data_source" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"name" varchar(100) NOT NULL,
	"db_type" varchar(10) NOT NULL,
	"host" varchar(253) NOT NULL,
	"port" integer NOT NULL,
	"database_name" varchar(64) NOT NULL,
	"username" varchar(64) NOT NULL,
	"password_enc" text,
	"remark" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_data_source_code" ON "sys_data_source" USING btree ("code");