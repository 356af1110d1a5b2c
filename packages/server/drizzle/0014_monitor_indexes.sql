CREATE INDEX "idx_fin_claim_submit_time" ON "fin_claim" USING btree ("submit_time");--> statement-breakpoint
CREATE INDEX "idx_fin_claim_payment_create_time" ON "fin_claim_payment" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "idx_sys_session_last_seen" ON "sys_session" USING btree ("last_seen_at");