CREATE TABLE "sys_undo" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"permission" varchar(100) NOT NULL,
	"endpoint" varchar(100) NOT NULL,
	"snapshot" jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_undo_expires_idx" ON "sys_undo" USING btree ("expires_at");