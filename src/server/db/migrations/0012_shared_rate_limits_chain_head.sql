CREATE TABLE "log_operation_head" (
	"id" smallint PRIMARY KEY NOT NULL,
	"keyed_from_id" bigint NOT NULL,
	"last_id" bigint NOT NULL,
	"last_hash" varchar(64) NOT NULL,
	"mac" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_rate_bucket" (
	"bucket_key" varchar(64) PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"granted" boolean NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_rate_bucket_taken_idx" ON "sys_rate_bucket" USING btree ("taken_at");