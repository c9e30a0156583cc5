ALTER TABLE "sys_file" ADD COLUMN "purpose" varchar(30) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "sys_file_time_idx" ON "sys_file" USING btree ("create_time");