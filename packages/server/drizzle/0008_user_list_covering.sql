-- The user list walks users newest first and filters as it goes (account, name, phone, status; deleted
-- users left out). With these columns in the index the walk reads index entries only, and the page then
-- fetches just its own rows by id (pageOf's keysFirst). Same name and keys as before, so the schema
-- (user.table.ts) still describes it.
DROP INDEX IF EXISTS "idx_sys_user_create_time";--> statement-breakpoint
CREATE INDEX "idx_sys_user_create_time" ON "sys_user" USING btree ("create_time" DESC NULLS FIRST, "id") INCLUDE ("username", "realname", "phone", "status", "del_flag");
