CREATE TABLE "onl_cgreport_head" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"cgr_sql" text NOT NULL,
	"db_source" varchar(100),
	"access" varchar(10) DEFAULT 'menu' NOT NULL,
	"content" varchar(500),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_item" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"cgrhead_id" varchar(36) NOT NULL,
	"field_name" varchar(64) NOT NULL,
	"field_txt" varchar(100) DEFAULT '' NOT NULL,
	"field_width" integer,
	"field_type" varchar(10) DEFAULT 'String' NOT NULL,
	"search_mode" varchar(10) DEFAULT 'single' NOT NULL,
	"is_order" boolean DEFAULT false NOT NULL,
	"is_search" boolean DEFAULT false NOT NULL,
	"dict_code" varchar(100),
	"is_show" boolean DEFAULT true NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "onl_cgreport_param" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"cgrhead_id" varchar(36) NOT NULL,
	"param_name" varchar(64) NOT NULL,
	"param_txt" varchar(100) DEFAULT '' NOT NULL,
	"param_value" varchar(200),
	"order_num" integer DEFAULT 0 NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_onl_cgreport_head_code" ON "onl_cgreport_head" USING btree ("code");--> statement-breakpoint
CREATE INDEX "idx_onl_cgreport_item_head" ON "onl_cgreport_item" USING btree ("cgrhead_id");--> statement-breakpoint
CREATE INDEX "idx_onl_cgreport_param_head" ON "onl_cgreport_param" USING btree ("cgrhead_id");