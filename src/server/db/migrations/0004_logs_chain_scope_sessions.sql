ALTER TABLE "log_interface" ADD COLUMN "dept_id" integer;--> statement-breakpoint
ALTER TABLE "sys_login_record" ADD COLUMN "family_id" varchar(36);--> statement-breakpoint
ALTER TABLE "log_operation" ADD COLUMN "oper_ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "log_operation" ADD COLUMN "oper_dept_id" integer;--> statement-breakpoint
ALTER TABLE "log_operation" ADD COLUMN "hash" varchar(64);--> statement-breakpoint
CREATE INDEX "log_interface_dept_idx" ON "log_interface" USING btree ("dept_id","start_time");--> statement-breakpoint
CREATE INDEX "sys_login_record_family_idx" ON "sys_login_record" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "log_operation_dept_idx" ON "log_operation" USING btree ("oper_dept_id","operation_time");