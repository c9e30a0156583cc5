ALTER TABLE "sys_data_classification" ADD COLUMN "remark" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_data_classification" ADD COLUMN "update_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_data_classification" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_data_group" ADD COLUMN "remark" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_data_group" ADD COLUMN "update_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_data_group" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_data_organ" ADD COLUMN "remark" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sys_data_organ" ADD COLUMN "update_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sys_data_organ" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "sys_data_organ_group_idx" ON "sys_data_organ" USING btree ("group_id");