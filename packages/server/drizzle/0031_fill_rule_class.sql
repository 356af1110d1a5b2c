ALTER TABLE "sys_fill_rule" ADD COLUMN "rule_class" varchar(100);--> statement-breakpoint
ALTER TABLE "sys_fill_rule" ADD COLUMN "rule_params" varchar(500);