CREATE TABLE "sys_notice_pref" (
	"user_id" varchar(36) PRIMARY KEY NOT NULL,
	"muted" jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_custom" (
	"user_id" varchar(36) PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
