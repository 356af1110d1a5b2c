CREATE TABLE "rights_approval" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"biz_type" varchar(2) NOT NULL,
	"biz_id" varchar(36) NOT NULL,
	"biz_title" varchar(200),
	"node" varchar(2) NOT NULL,
	"result" varchar(2) NOT NULL,
	"opinion" varchar(500),
	"approver_id" varchar(36) NOT NULL,
	"approver_name" varchar(100) NOT NULL,
	"approve_time" timestamp with time zone DEFAULT now() NOT NULL,
	"org_id" varchar(36),
	"sys_org_code" varchar(64),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rights_bank_account" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"org_id" varchar(36) NOT NULL,
	"account_name" varchar(100) NOT NULL,
	"bank_name" varchar(100) NOT NULL,
	"branch_name" varchar(100),
	"account_no" varchar(30) NOT NULL,
	"bank_code" varchar(12),
	"account_nature" varchar(1) NOT NULL,
	"is_default" varchar(1) DEFAULT '0' NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"audit_status" varchar(1) DEFAULT '0' NOT NULL,
	"proof_file" varchar(1000),
	"remark" varchar(500),
	"audit_opinion" varchar(500),
	"audit_by" varchar(100),
	"audit_time" timestamp with time zone,
	"submit_by" varchar(36),
	"submit_time" timestamp with time zone,
	"sys_org_code" varchar(64),
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rights_org" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"org_name" varchar(100) NOT NULL,
	"org_type" varchar(2),
	"credit_code" varchar(18),
	"legal_person" varchar(50),
	"reg_address" varchar(200),
	"office_address" varchar(200),
	"found_date" date,
	"license_file" varchar(1000),
	"practice_file" varchar(1000),
	"filing_file" varchar(1000),
	"agent_filing_no" varchar(50),
	"contact_name" varchar(50),
	"contact_phone" varchar(20),
	"contact_email" varchar(100),
	"region" varchar(100),
	"enter_status" varchar(1) DEFAULT '0' NOT NULL,
	"certify_status" varchar(1) DEFAULT '0' NOT NULL,
	"audit_opinion" varchar(500),
	"audit_by" varchar(100),
	"audit_time" timestamp with time zone,
	"certify_opinion" varchar(500),
	"certify_by" varchar(100),
	"certify_time" timestamp with time zone,
	"applicant_id" varchar(36),
	"submit_by" varchar(36),
	"submit_time" timestamp with time zone,
	"certify_submit_by" varchar(36),
	"certify_submit_time" timestamp with time zone,
	"depart_id" varchar(36),
	"sys_org_code" varchar(64),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rights_right" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"org_id" varchar(36) NOT NULL,
	"trademark_name" varchar(100) NOT NULL,
	"mark_image" varchar(300),
	"reg_no" varchar(20) NOT NULL,
	"nice_class" varchar(2) NOT NULL,
	"goods_services" varchar(1000),
	"trademark_type" varchar(1) DEFAULT '1' NOT NULL,
	"registrant" varchar(200) NOT NULL,
	"registrant_address" varchar(300),
	"reg_date" date NOT NULL,
	"expire_date" date NOT NULL,
	"legal_status" varchar(1) DEFAULT '1' NOT NULL,
	"auth_org" varchar(200),
	"auth_letter" varchar(1000),
	"auth_start_date" date,
	"auth_end_date" date,
	"proof_file" varchar(1000),
	"remark" varchar(500),
	"audit_status" varchar(1) DEFAULT '3' NOT NULL,
	"audit_opinion" varchar(500),
	"audit_by" varchar(100),
	"audit_time" timestamp with time zone,
	"submit_by" varchar(36),
	"submit_time" timestamp with time zone,
	"sys_org_code" varchar(64),
	"del_flag" varchar(1) DEFAULT '0' NOT NULL,
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "idx_rights_approval_biz" ON "rights_approval" USING btree ("biz_type","biz_id");--> statement-breakpoint
CREATE INDEX "idx_rights_approval_org" ON "rights_approval" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "idx_rights_approval_time" ON "rights_approval" USING btree ("approve_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "idx_rights_bank_org" ON "rights_bank_account" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "idx_rights_bank_audit" ON "rights_bank_account" USING btree ("audit_status");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_rights_bank_default" ON "rights_bank_account" USING btree ("org_id") WHERE "rights_bank_account"."is_default" = '1' and "rights_bank_account"."del_flag" = '0';--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_rights_org_credit_code" ON "rights_org" USING btree ("credit_code");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_rights_org_applicant" ON "rights_org" USING btree ("applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_rights_org_depart" ON "rights_org" USING btree ("depart_id");--> statement-breakpoint
CREATE INDEX "idx_rights_org_org_code" ON "rights_org" USING btree ("sys_org_code");--> statement-breakpoint
CREATE INDEX "idx_rights_org_status" ON "rights_org" USING btree ("enter_status","certify_status");--> statement-breakpoint
CREATE INDEX "idx_rights_org_create_time" ON "rights_org" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "idx_rights_right_org" ON "rights_right" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "idx_rights_right_org_code" ON "rights_right" USING btree ("sys_org_code");--> statement-breakpoint
CREATE INDEX "idx_rights_right_expire" ON "rights_right" USING btree ("expire_date");--> statement-breakpoint
CREATE INDEX "idx_rights_right_audit" ON "rights_right" USING btree ("audit_status");--> statement-breakpoint
CREATE INDEX "idx_rights_right_reg_no" ON "rights_right" USING btree ("reg_no");--> statement-breakpoint
CREATE INDEX "idx_rights_right_create_time" ON "rights_right" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_rights_right_mark" ON "rights_right" USING btree ("org_id","reg_no","nice_class") WHERE "rights_right"."del_flag" = '0';