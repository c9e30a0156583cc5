-- An operation-log row says what was done as a key and its values (shared/operation-content.ts), written out in the
-- reader's language when read. Rows written before keep their text and have no key; the hash chain covers the key and
-- values of the rows that have them (audit/chain.ts), so the older rows' hashes stay as they were.
ALTER TABLE "log_operation" ADD COLUMN "content_key" varchar(64);--> statement-breakpoint
ALTER TABLE "log_operation" ADD COLUMN "content_values" jsonb;
