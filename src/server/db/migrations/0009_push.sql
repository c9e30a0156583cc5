CREATE TABLE "msg_push_record" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider_id" integer,
	"provider_alias" varchar(50) NOT NULL,
	"audience_type" varchar(5) NOT NULL,
	"audience" jsonb NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"title" varchar(50) DEFAULT '' NOT NULL,
	"alert" varchar(500) NOT NULL,
	"create_by" integer,
	"create_name" varchar(50) DEFAULT '' NOT NULL,
	"dept_id" integer,
	"outbox_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "msg_push_provider" ADD COLUMN "apns_production" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_push_provider" ADD COLUMN "create_name" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_push_provider" ADD COLUMN "update_by" integer;--> statement-breakpoint
ALTER TABLE "msg_push_provider" ADD COLUMN "update_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "msg_push_provider" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_push_record" ADD CONSTRAINT "msg_push_record_provider_id_msg_push_provider_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."msg_push_provider"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_push_record" ADD CONSTRAINT "msg_push_record_outbox_id_msg_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."msg_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "msg_push_record_list_idx" ON "msg_push_record" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "msg_push_record_dept_idx" ON "msg_push_record" USING btree ("dept_id","create_time");--> statement-breakpoint
CREATE INDEX "msg_push_record_provider_idx" ON "msg_push_record" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_push_record_outbox_uq" ON "msg_push_record" USING btree ("outbox_id");