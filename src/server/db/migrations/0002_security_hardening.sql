CREATE TABLE "log_dead_letter" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"stream" varchar(20) NOT NULL,
	"row" jsonb NOT NULL,
	"error" varchar(500) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_bind_ticket" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"wx_work_user_id" varchar(64) NOT NULL,
	"client_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sys_login_record" DROP CONSTRAINT "sys_login_record_user_id_sys_user_user_id_fk";
--> statement-breakpoint
ALTER TABLE "sys_login_record" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_login_failure" ADD COLUMN "lock_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_login_failure" ADD COLUMN "lock_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_login_failure" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_login_record" ADD COLUMN "username" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_refresh_token" ADD COLUMN "family_started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_user" ADD COLUMN "tokens_valid_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_bind_ticket" ADD CONSTRAINT "sys_bind_ticket_client_id_sys_oauth_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."sys_oauth_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_bind_ticket_expiry_idx" ON "sys_bind_ticket" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sys_login_record" ADD CONSTRAINT "sys_login_record_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_captcha_expiry_idx" ON "sys_captcha" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sys_login_failure_last_idx" ON "sys_login_failure" USING btree ("last_failure");--> statement-breakpoint
CREATE INDEX "sys_refresh_token_expiry_idx" ON "sys_refresh_token" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "lock_count";--> statement-breakpoint
ALTER TABLE "sys_user" DROP COLUMN "locked_until";--> statement-breakpoint
UPDATE "sys_login_record" r SET "username" = u."username" FROM "sys_user" u WHERE u."user_id" = r."user_id";
