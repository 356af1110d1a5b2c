CREATE TABLE "sys_category" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"pid" varchar(36) DEFAULT '0' NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(100) NOT NULL,
	"has_child" varchar(3) DEFAULT '0' NOT NULL,
	"sys_org_code" varchar(64),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_check_rule" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(100) NOT NULL,
	"rule_json" varchar(1024) NOT NULL,
	"rule_description" varchar(200),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_table_dict" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"code" varchar(200) NOT NULL,
	"table_name" varchar(64) NOT NULL,
	"text_field" varchar(64) NOT NULL,
	"code_field" varchar(64) NOT NULL,
	"filter_key" varchar(64),
	"description" varchar(255),
	"enabled" smallint DEFAULT 1 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"rule_name" varchar(100) NOT NULL,
	"rule_code" varchar(64) NOT NULL,
	"prefix" varchar(20) DEFAULT '' NOT NULL,
	"date_pattern" varchar(10) DEFAULT 'yyyyMMdd' NOT NULL,
	"seq_width" smallint DEFAULT 3 NOT NULL,
	"reset_cycle" varchar(10) DEFAULT 'day' NOT NULL,
	"description" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_fill_rule_seq" (
	"rule_code" varchar(64) NOT NULL,
	"period" varchar(16) NOT NULL,
	"current_value" bigint NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pk_sys_fill_rule_seq" PRIMARY KEY("rule_code","period")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_category_code" ON "sys_category" USING btree ("code");--> statement-breakpoint
CREATE INDEX "idx_sys_category_pid" ON "sys_category" USING btree ("pid");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_check_rule_code" ON "sys_check_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_table_dict_code" ON "sys_table_dict" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_fill_rule_code" ON "sys_fill_rule" USING btree ("rule_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_dict_item_value" ON "sys_dict_item" USING btree ("dict_id","item_value");