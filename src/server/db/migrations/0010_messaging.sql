CREATE TABLE "msg_mail_attachment" (
	"mail_id" bigint NOT NULL,
	"file_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "msg_mail_attachment_mail_id_file_id_pk" PRIMARY KEY("mail_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "msg_mail" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"sender" varchar(100) NOT NULL,
	"to_addresses" jsonb NOT NULL,
	"cc_addresses" jsonb NOT NULL,
	"recipient_text" text NOT NULL,
	"subject" varchar(200) NOT NULL,
	"html" text NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"create_by" integer,
	"create_name" varchar(50) DEFAULT '' NOT NULL,
	"dept_id" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"outbox_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_system" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_id" varchar(50) NOT NULL,
	"name" varchar(50) NOT NULL,
	"dept_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"channels" jsonb NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"create_by" integer,
	"create_name" varchar(50) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "msg_api_key" DROP CONSTRAINT "msg_api_key_system_menu_id_sys_menu_menu_id_fk";
--> statement-breakpoint
ALTER TABLE "msg_api_key" ALTER COLUMN "api_key" SET DATA TYPE varchar(50);--> statement-breakpoint
ALTER TABLE "msg_mail_account" ADD COLUMN "update_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "msg_mail_account" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_api_key" ADD COLUMN "msg_system_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_api_key" ADD COLUMN "rate_limit" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_api_key" ADD COLUMN "remark" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_api_key" ADD COLUMN "create_name" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_api_key" ADD COLUMN "update_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "msg_api_key" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_sms_batch" ADD COLUMN "msg_system_id" integer;--> statement-breakpoint
ALTER TABLE "msg_sms_batch" ADD COLUMN "msg_api_key_id" integer;--> statement-breakpoint
ALTER TABLE "msg_mail_attachment" ADD CONSTRAINT "msg_mail_attachment_mail_id_msg_mail_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."msg_mail"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_mail_attachment" ADD CONSTRAINT "msg_mail_attachment_file_id_sys_file_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_mail" ADD CONSTRAINT "msg_mail_account_id_msg_mail_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."msg_mail_account"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_mail" ADD CONSTRAINT "msg_mail_outbox_id_msg_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."msg_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_system" ADD CONSTRAINT "msg_system_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "msg_mail_attachment_file_idx" ON "msg_mail_attachment" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "msg_mail_list_idx" ON "msg_mail" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "msg_mail_dept_idx" ON "msg_mail" USING btree ("dept_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_mail_outbox_uq" ON "msg_mail" USING btree ("outbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "msg_system_system_id_uq" ON "msg_system" USING btree (lower("system_id"));--> statement-breakpoint
CREATE INDEX "msg_system_dept_idx" ON "msg_system" USING btree ("dept_id","id");--> statement-breakpoint
ALTER TABLE "msg_api_key" ADD CONSTRAINT "msg_api_key_msg_system_id_msg_system_id_fk" FOREIGN KEY ("msg_system_id") REFERENCES "public"."msg_system"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_sms_batch" ADD CONSTRAINT "msg_sms_batch_msg_system_id_msg_system_id_fk" FOREIGN KEY ("msg_system_id") REFERENCES "public"."msg_system"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_sms_batch" ADD CONSTRAINT "msg_sms_batch_msg_api_key_id_msg_api_key_id_fk" FOREIGN KEY ("msg_api_key_id") REFERENCES "public"."msg_api_key"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "msg_mail_account_one_active_uq" ON "msg_mail_account" USING btree ("active") WHERE "msg_mail_account"."active";--> statement-breakpoint
CREATE INDEX "msg_api_key_system_idx" ON "msg_api_key" USING btree ("msg_system_id","id");--> statement-breakpoint
CREATE INDEX "msg_sms_batch_key_idx" ON "msg_sms_batch" USING btree ("msg_api_key_id","create_time");--> statement-breakpoint
CREATE INDEX "msg_sms_batch_system_idx" ON "msg_sms_batch" USING btree ("msg_system_id","id");--> statement-breakpoint
ALTER TABLE "msg_api_key" DROP COLUMN "system_menu_id";--> statement-breakpoint
ALTER TABLE "msg_api_key" DROP COLUMN "name";