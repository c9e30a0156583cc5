CREATE TABLE "msg_notice_read" (
	"notice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "msg_notice_read_notice_id_user_id_pk" PRIMARY KEY("notice_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "msg_notice" ALTER COLUMN "content" SET DATA TYPE text;--> statement-breakpoint
UPDATE "msg_notice" SET "end_time" = "start_time" + interval '1 year' WHERE "end_time" IS NULL;--> statement-breakpoint
ALTER TABLE "msg_notice" ALTER COLUMN "end_time" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_notice" ADD COLUMN "title" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "msg_notice" SET "title" = left("content", 50);--> statement-breakpoint
ALTER TABLE "msg_notice" ALTER COLUMN "title" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "msg_notice" ADD COLUMN "content_format" varchar(4) DEFAULT 'text' NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_notice" ADD COLUMN "audience_type" varchar(4) DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_notice" ADD COLUMN "audience_dept_id" integer;--> statement-breakpoint
ALTER TABLE "msg_notice" ADD COLUMN "audience_role_id" integer;--> statement-breakpoint
ALTER TABLE "msg_notice" ADD COLUMN "withdraw_by" integer;--> statement-breakpoint
ALTER TABLE "msg_notice" ADD COLUMN "withdraw_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "msg_notice" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "msg_notice_read" ADD CONSTRAINT "msg_notice_read_notice_id_msg_notice_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."msg_notice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_notice_read" ADD CONSTRAINT "msg_notice_read_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "msg_notice_read_user_idx" ON "msg_notice_read" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "msg_notice" ADD CONSTRAINT "msg_notice_audience_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("audience_dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_notice" ADD CONSTRAINT "msg_notice_audience_role_id_sys_role_role_id_fk" FOREIGN KEY ("audience_role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "msg_notice_list_idx" ON "msg_notice" USING btree ("create_time","id");