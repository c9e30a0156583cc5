CREATE TABLE "msg_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" varchar(10) NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"batch_id" integer,
	"payload" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_by" varchar(64) DEFAULT '' NOT NULL,
	"claimed_at" timestamp with time zone,
	"verify_first" boolean DEFAULT false NOT NULL,
	"last_error" varchar(500) DEFAULT '' NOT NULL,
	"provider_message_id" varchar(100) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "msg_sms_batch" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_name" varchar(20) NOT NULL,
	"template_code" varchar(50) NOT NULL,
	"sign_name" varchar(20) NOT NULL,
	"params" jsonb NOT NULL,
	"content" varchar(500) NOT NULL,
	"total" integer NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"create_by" integer,
	"create_name" varchar(50) DEFAULT '' NOT NULL,
	"dept_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_sms_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"phone" varchar(20) NOT NULL,
	"outbox_id" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_sms_signature" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_sms_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"type" smallint NOT NULL,
	"template_code" varchar(50) NOT NULL,
	"content" varchar(500) NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "msg_signature" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "msg_template" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "msg_signature" CASCADE;--> statement-breakpoint
DROP TABLE "msg_template" CASCADE;--> statement-breakpoint
ALTER TABLE "msg_record" DROP CONSTRAINT IF EXISTS "msg_record_template_id_msg_template_id_fk";
--> statement-breakpoint
ALTER TABLE "msg_sms_record" ADD CONSTRAINT "msg_sms_record_batch_id_msg_sms_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."msg_sms_batch"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_sms_record" ADD CONSTRAINT "msg_sms_record_outbox_id_msg_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."msg_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "msg_outbox_key_uq" ON "msg_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "msg_outbox_due_idx" ON "msg_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "msg_outbox_batch_idx" ON "msg_outbox" USING btree ("channel","batch_id");--> statement-breakpoint
CREATE INDEX "msg_sms_batch_list_idx" ON "msg_sms_batch" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "msg_sms_batch_dept_idx" ON "msg_sms_batch" USING btree ("dept_id","create_time");--> statement-breakpoint
CREATE INDEX "msg_sms_record_batch_idx" ON "msg_sms_record" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "msg_sms_record_phone_idx" ON "msg_sms_record" USING btree ("phone","id");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_sms_record_outbox_uq" ON "msg_sms_record" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_sms_signature_name_uq" ON "msg_sms_signature" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_sms_template_name_uq" ON "msg_sms_template" USING btree ("name");--> statement-breakpoint
CREATE INDEX "msg_sms_template_list_idx" ON "msg_sms_template" USING btree ("create_time","id");--> statement-breakpoint
ALTER TABLE "msg_record" ADD CONSTRAINT "msg_record_template_id_msg_sms_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."msg_sms_template"("id") ON DELETE set null ON UPDATE no action;