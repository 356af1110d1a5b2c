CREATE TABLE "sys_gateway_route" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"router_id" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"path_prefix" varchar(200) NOT NULL,
	"upstream" varchar(64) NOT NULL,
	"methods" varchar(64) DEFAULT '' NOT NULL,
	"header_name" varchar(64),
	"header_value" varchar(200),
	"strip_prefix" smallint DEFAULT 1 NOT NULL,
	"need_login" smallint DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"remark" varchar(255),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_sys_gateway_route_router_id" ON "sys_gateway_route" USING btree ("router_id");--> statement-breakpoint
CREATE INDEX "idx_sys_gateway_route_order" ON "sys_gateway_route" USING btree ("sort_order");--> statement-breakpoint
INSERT INTO "sys_list_version" ("name") VALUES ('gateway') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sys_gateway_route_version AFTER INSERT OR UPDATE OR DELETE ON sys_gateway_route DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sys_list_version_bump('gateway');--> statement-breakpoint
CREATE TRIGGER sys_gateway_route_version_truncate AFTER TRUNCATE ON sys_gateway_route FOR EACH STATEMENT EXECUTE FUNCTION sys_list_version_bump('gateway');
