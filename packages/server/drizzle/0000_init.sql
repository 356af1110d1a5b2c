CREATE TABLE "sys_captcha" (
	"key_hash" varchar(64) PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_attempt" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"last_fail_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_session" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"user_agent" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "sys_depart" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"parent_id" varchar(36) DEFAULT '' NOT NULL,
	"depart_name" varchar(100) NOT NULL,
	"depart_name_en" varchar(500),
	"depart_name_abbr" varchar(500),
	"depart_order" integer DEFAULT 0 NOT NULL,
	"description" varchar(500),
	"org_category" varchar(10) DEFAULT '1' NOT NULL,
	"org_type" varchar(10),
	"org_code" varchar(64) NOT NULL,
	"mobile" varchar(32),
	"fax" varchar(32),
	"address" varchar(100),
	"memo" varchar(500),
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_depart_permission" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"depart_id" varchar(36) NOT NULL,
	"permission_id" varchar(36) NOT NULL,
	"data_rule_ids" varchar(1000)
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"depart_id" varchar(36) NOT NULL,
	"role_name" varchar(200),
	"role_code" varchar(100),
	"description" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_permission" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"depart_id" varchar(36),
	"role_id" varchar(36) NOT NULL,
	"permission_id" varchar(36) NOT NULL,
	"data_rule_ids" varchar(1000),
	"operate_date" timestamp with time zone,
	"operate_ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "sys_depart_role_user" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"drole_id" varchar(36) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dict" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"dict_name" varchar(100) NOT NULL,
	"dict_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"del_flag" integer DEFAULT 0 NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_dict_item" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"dict_id" varchar(36) NOT NULL,
	"item_text" varchar(100) NOT NULL,
	"item_value" varchar(100) NOT NULL,
	"description" varchar(255),
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_log" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"log_type" integer NOT NULL,
	"log_content" varchar(1000),
	"operate_type" integer,
	"userid" varchar(100),
	"username" varchar(100),
	"ip" varchar(64),
	"user_agent" varchar(500),
	"method" varchar(500),
	"request_url" varchar(500),
	"request_param" text,
	"request_type" varchar(10),
	"cost_time" bigint,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_permission" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"parent_id" varchar(36),
	"name" varchar(100) NOT NULL,
	"url" varchar(255),
	"component" varchar(255),
	"component_name" varchar(100),
	"redirect" varchar(255),
	"menu_type" integer NOT NULL,
	"perms" varchar(255),
	"perms_type" varchar(10) DEFAULT '0',
	"sort_no" double precision DEFAULT 0,
	"always_show" smallint DEFAULT 0 NOT NULL,
	"icon" varchar(100),
	"is_route" smallint DEFAULT 1 NOT NULL,
	"is_leaf" smallint DEFAULT 1 NOT NULL,
	"keep_alive" smallint DEFAULT 0 NOT NULL,
	"hidden" integer DEFAULT 0 NOT NULL,
	"description" varchar(255),
	"del_flag" integer DEFAULT 0 NOT NULL,
	"rule_flag" integer DEFAULT 0 NOT NULL,
	"status" varchar(2) DEFAULT '1',
	"internal_or_external" smallint DEFAULT 0 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_permission_data_rule" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"permission_id" varchar(36) NOT NULL,
	"rule_name" varchar(50),
	"rule_column" varchar(50),
	"rule_conditions" varchar(50),
	"rule_value" varchar(300),
	"status" varchar(3) DEFAULT '1',
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"role_name" varchar(200) NOT NULL,
	"role_code" varchar(100) NOT NULL,
	"description" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_role_permission" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"role_id" varchar(36) NOT NULL,
	"permission_id" varchar(36) NOT NULL,
	"data_rule_ids" varchar(1000),
	"operate_date" timestamp with time zone,
	"operate_ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "sys_tenant" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"begin_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"status" integer DEFAULT 1 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"realname" varchar(100) NOT NULL,
	"password" varchar(255) NOT NULL,
	"avatar" varchar(255),
	"birthday" date,
	"sex" smallint,
	"email" varchar(45),
	"phone" varchar(45),
	"org_code" varchar(64),
	"status" smallint DEFAULT 1 NOT NULL,
	"del_flag" smallint DEFAULT 0 NOT NULL,
	"third_id" varchar(100),
	"third_type" varchar(100),
	"work_no" varchar(100),
	"post" varchar(100),
	"telephone" varchar(45),
	"user_identity" smallint DEFAULT 1,
	"depart_ids" text,
	"rel_tenant_ids" varchar(100),
	"client_id" varchar(64),
	"password_changed_at" timestamp with time zone,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_user_depart" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"dep_id" varchar(36) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"role_id" varchar(36) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_seed" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_sys_session_user" ON "sys_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_org_code" ON "sys_depart" USING btree ("org_code");--> statement-breakpoint
CREATE INDEX "idx_sys_depart_parent" ON "sys_depart" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_permission" ON "sys_depart_permission" USING btree ("depart_id","permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_role_permission" ON "sys_depart_role_permission" USING btree ("role_id","permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_depart_role_user" ON "sys_depart_role_user" USING btree ("user_id","drole_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_dict_code" ON "sys_dict" USING btree ("dict_code");--> statement-breakpoint
CREATE INDEX "idx_sys_dict_item_dict" ON "sys_dict_item" USING btree ("dict_id","sort_order");--> statement-breakpoint
CREATE INDEX "idx_sys_log_type_time" ON "sys_log" USING btree ("log_type","create_time");--> statement-breakpoint
CREATE INDEX "idx_sys_permission_parent" ON "sys_permission" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "idx_sys_permission_type" ON "sys_permission" USING btree ("menu_type");--> statement-breakpoint
CREATE INDEX "idx_sys_permission_data_rule_perm" ON "sys_permission_data_rule" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_role_role_code" ON "sys_role" USING btree ("role_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_role_permission" ON "sys_role_permission" USING btree ("role_id","permission_id");--> statement-breakpoint
CREATE INDEX "idx_sys_role_permission_perm" ON "sys_role_permission" USING btree ("permission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_username" ON "sys_user" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_email" ON "sys_user" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_phone" ON "sys_user" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_work_no" ON "sys_user" USING btree ("work_no");--> statement-breakpoint
CREATE INDEX "idx_sys_user_org_code" ON "sys_user" USING btree ("org_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_depart" ON "sys_user_depart" USING btree ("user_id","dep_id");--> statement-breakpoint
CREATE INDEX "idx_sys_user_depart_dep" ON "sys_user_depart" USING btree ("dep_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_user_role" ON "sys_user_role" USING btree ("user_id","role_id");--> statement-breakpoint
CREATE INDEX "idx_sys_user_role_role" ON "sys_user_role" USING btree ("role_id");