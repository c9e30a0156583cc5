-- Message keys are kept only as their SHA-256 (security review 2, M3). A key stored before keeps working: its hash is
-- taken here, and it shows no hint, since a key typed by hand may be short enough for its first characters to give it away.
ALTER TABLE "msg_api_key" ADD COLUMN "api_key_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "msg_api_key" ADD COLUMN "key_hint" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "msg_api_key" SET "api_key_hash" = encode(sha256(convert_to("api_key", 'UTF8')), 'hex');--> statement-breakpoint
ALTER TABLE "msg_api_key" ALTER COLUMN "api_key_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_api_key" DROP CONSTRAINT "msg_api_key_api_key_unique";--> statement-breakpoint
ALTER TABLE "msg_api_key" DROP COLUMN "api_key";--> statement-breakpoint
ALTER TABLE "msg_api_key" ADD CONSTRAINT "msg_api_key_api_key_hash_unique" UNIQUE("api_key_hash");
