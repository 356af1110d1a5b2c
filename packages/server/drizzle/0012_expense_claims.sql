CREATE TABLE "fin_claim" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"claim_no" varchar(32) NOT NULL,
	"batch_id" varchar(36) NOT NULL,
	"batch_no" varchar(32) NOT NULL,
	"batch_name" varchar(100) NOT NULL,
	"pool_id" varchar(36) NOT NULL,
	"pool_name" varchar(100),
	"org_id" varchar(36) NOT NULL,
	"org_name" varchar(100) NOT NULL,
	"expense_type" varchar(2) NOT NULL,
	"apply_amount" numeric(14, 2) NOT NULL,
	"deductions" numeric(14, 2) DEFAULT '0' NOT NULL,
	"deduction_note" varchar(500),
	"approved_amount" numeric(14, 2),
	"invoice_total" numeric(14, 2) NOT NULL,
	"bank_account_id" varchar(36) NOT NULL,
	"account_name" varchar(100),
	"bank_name" varchar(100),
	"bank_branch" varchar(100),
	"account_no" varchar(30),
	"description" varchar(2000),
	"status" varchar(2) NOT NULL,
	"audit_opinion" varchar(500),
	"submit_by" varchar(36),
	"submit_time" timestamp with time zone,
	"biz_reviewer_id" varchar(36),
	"biz_review_by" varchar(100),
	"biz_review_time" timestamp with time zone,
	"finance_review_by" varchar(100),
	"finance_review_time" timestamp with time zone,
	"pay_date" date,
	"serial_no" varchar(64),
	"pay_voucher" varchar(2000),
	"pay_fail_reason" varchar(500),
	"paid_by" varchar(100),
	"paid_time" timestamp with time zone,
	"sys_org_code" varchar(64),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now(),
	"update_by" varchar(32),
	"update_time" timestamp with time zone,
	CONSTRAINT "chk_fin_claim_amounts" CHECK ("fin_claim"."apply_amount" > 0 and "fin_claim"."deductions" >= 0 and "fin_claim"."deductions" < "fin_claim"."apply_amount"),
	CONSTRAINT "chk_fin_claim_approved" CHECK ("fin_claim"."approved_amount" is null or ("fin_claim"."approved_amount" > 0 and "fin_claim"."approved_amount" <= "fin_claim"."apply_amount" - "fin_claim"."deductions")),
	CONSTRAINT "chk_fin_claim_paid" CHECK ("fin_claim"."status" <> '5' or ("fin_claim"."serial_no" is not null and "fin_claim"."approved_amount" is not null))
);
--> statement-breakpoint
CREATE TABLE "fin_claim_invoice" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"claim_id" varchar(36) NOT NULL,
	"invoice_code" varchar(12) DEFAULT '' NOT NULL,
	"invoice_no" varchar(20) NOT NULL,
	"invoice_date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"files" varchar(2000),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chk_fin_claim_invoice_amount" CHECK ("fin_claim_invoice"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "fin_claim_log" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"claim_id" varchar(36) NOT NULL,
	"action" varchar(20) NOT NULL,
	"result" varchar(100),
	"remark" varchar(500),
	"operator_name" varchar(100),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_claim_payment" (
	"id" varchar(36) PRIMARY KEY NOT NULL,
	"claim_id" varchar(36) NOT NULL,
	"claim_no" varchar(32) NOT NULL,
	"org_name" varchar(100) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"result" varchar(1) NOT NULL,
	"pay_date" date,
	"serial_no" varchar(64),
	"voucher" varchar(2000),
	"reason" varchar(500),
	"pool_log_id" varchar(36),
	"create_by" varchar(32),
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_claim_invoice" ADD CONSTRAINT "fin_claim_invoice_claim_id_fin_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."fin_claim"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_claim_log" ADD CONSTRAINT "fin_claim_log_claim_id_fin_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."fin_claim"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_claim_payment" ADD CONSTRAINT "fin_claim_payment_claim_id_fin_claim_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."fin_claim"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_fin_claim_no" ON "fin_claim" USING btree ("claim_no");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_fin_claim_serial_no" ON "fin_claim" USING btree ("serial_no");--> statement-breakpoint
CREATE INDEX "idx_fin_claim_batch" ON "fin_claim" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "idx_fin_claim_org" ON "fin_claim" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "idx_fin_claim_status" ON "fin_claim" USING btree ("status");--> statement-breakpoint
CREATE INDEX "idx_fin_claim_create_time" ON "fin_claim" USING btree ("create_time" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_fin_claim_invoice" ON "fin_claim_invoice" USING btree ("invoice_code","invoice_no");--> statement-breakpoint
CREATE INDEX "idx_fin_claim_invoice_claim" ON "fin_claim_invoice" USING btree ("claim_id");--> statement-breakpoint
CREATE INDEX "idx_fin_claim_log_claim" ON "fin_claim_log" USING btree ("claim_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_fin_claim_payment_paid" ON "fin_claim_payment" USING btree ("claim_id") WHERE "fin_claim_payment"."result" = '1';--> statement-breakpoint
CREATE UNIQUE INDEX "uniq_fin_claim_payment_serial" ON "fin_claim_payment" USING btree ("serial_no") WHERE "fin_claim_payment"."result" = '1';--> statement-breakpoint
CREATE INDEX "idx_fin_claim_payment_claim" ON "fin_claim_payment" USING btree ("claim_id");