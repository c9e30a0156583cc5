CREATE TABLE "sys_access_token" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"family_id" varchar(36) NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_captcha" (
	"uuid" varchar(36) PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_data_classification" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"number" varchar(50) NOT NULL,
	"type" varchar(20) DEFAULT '' NOT NULL,
	"dept_id" integer,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_data_classification_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "sys_data_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"number" varchar(50) NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_data_group_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "sys_data_organ" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"number" varchar(50) NOT NULL,
	"group_id" integer,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_data_organ_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "sys_dept" (
	"dept_id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(50) NOT NULL,
	"dept_type" varchar(1) DEFAULT '1' NOT NULL,
	"business_centre" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"dept_person" varchar(50) DEFAULT '' NOT NULL,
	"telephone" varchar(30) DEFAULT '' NOT NULL,
	"company_address" varchar(200) DEFAULT '' NOT NULL,
	"remake" varchar(200) DEFAULT '' NOT NULL,
	"company_type" integer,
	"company_code" varchar(30),
	"establish_time" date,
	"legal_person" varchar(50),
	"registered_capital" varchar(50),
	"registered_address" varchar(200),
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" integer,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dept_menu" (
	"dept_id" integer NOT NULL,
	"system_menu_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "sys_dept_menu_dept_id_menu_id_pk" PRIMARY KEY("dept_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "sys_dept_resource" (
	"id" serial PRIMARY KEY NOT NULL,
	"dept_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"slot" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dictionary" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"dict_no" varchar(50) NOT NULL,
	"dict_name" varchar(50) NOT NULL,
	"dict_order" integer DEFAULT 0 NOT NULL,
	"status" varchar(1) DEFAULT '1' NOT NULL,
	"updated" varchar(1) DEFAULT '1' NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" integer,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_dictionary_name" (
	"id" serial PRIMARY KEY NOT NULL,
	"dict_id" integer NOT NULL,
	"lang_id" varchar(10) NOT NULL,
	"lang_name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_file" (
	"file_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_i18n_text" (
	"id" serial PRIMARY KEY NOT NULL,
	"chinese" varchar(200) NOT NULL,
	"english" varchar(200) DEFAULT '' NOT NULL,
	"german" varchar(200) DEFAULT '' NOT NULL,
	"korean" varchar(200) DEFAULT '' NOT NULL,
	"japanese" varchar(200) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"operater" varchar(50) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_article" (
	"id" serial PRIMARY KEY NOT NULL,
	"api_key" varchar(64) NOT NULL,
	"system_menu_id" integer NOT NULL,
	"classification_id" integer NOT NULL,
	"type_code" varchar(50) NOT NULL,
	"title" varchar(30) NOT NULL,
	"keywords" varchar(100) DEFAULT '' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"content" text NOT NULL,
	"display" smallint DEFAULT 1 NOT NULL,
	"top" smallint DEFAULT 0 NOT NULL,
	"image_id" integer,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" integer,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "info_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_menu_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"have_image" smallint DEFAULT 0 NOT NULL,
	"image_desc" varchar(50) DEFAULT '' NOT NULL,
	"enable" smallint DEFAULT 1 NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_interface" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"app_id" varchar(100) DEFAULT '' NOT NULL,
	"service_cn_name" varchar(50) NOT NULL,
	"interface_cn_name" varchar(100) NOT NULL,
	"method" varchar(10) NOT NULL,
	"path" varchar(300) NOT NULL,
	"user_id" varchar(32) DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"use_time" integer NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"device_id" varchar(100) DEFAULT '' NOT NULL,
	"model_info" varchar(100) DEFAULT '' NOT NULL,
	"response_status" varchar(10) NOT NULL,
	"request_param" text NOT NULL,
	"response_text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_failure" (
	"username" varchar(32) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_login_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" varchar(100) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"region" varchar(50) DEFAULT '' NOT NULL,
	"login_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_mail_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" varchar(100) NOT NULL,
	"port" integer NOT NULL,
	"ssl" boolean DEFAULT true NOT NULL,
	"protocol" varchar(10) DEFAULT 'smtp' NOT NULL,
	"account" varchar(100) NOT NULL,
	"secret_enc" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "msg_mail_account_account_unique" UNIQUE("account")
);
--> statement-breakpoint
CREATE TABLE "sys_menu" (
	"menu_id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"system_menu_id" integer,
	"name" varchar(20) NOT NULL,
	"url" varchar(500) DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"perms" varchar(50) NOT NULL,
	"link_target" smallint DEFAULT 0 NOT NULL,
	"icon" varchar(50) DEFAULT '' NOT NULL,
	"app_flag" varchar(50) DEFAULT '' NOT NULL,
	"sys_version" varchar(20) DEFAULT '' NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" integer,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_api_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_menu_id" integer,
	"api_key" varchar(64) NOT NULL,
	"name" varchar(50) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "msg_api_key_api_key_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "msg_record" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" varchar(10) NOT NULL,
	"recipients" text NOT NULL,
	"subject" varchar(200) DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"template_id" integer,
	"status" varchar(10) NOT NULL,
	"error" text,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "msg_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" varchar(500) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_oauth_client" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" varchar(100) NOT NULL,
	"client_secret_hash" varchar(64) NOT NULL,
	"app_name" varchar(50) NOT NULL,
	"app_type" varchar(10) DEFAULT 'pc' NOT NULL,
	"status" varchar(1) DEFAULT '0' NOT NULL,
	"access_token_validity_seconds" integer DEFAULT 7200 NOT NULL,
	"refresh_token_validity_seconds" integer DEFAULT 604800 NOT NULL,
	"password_day" integer DEFAULT 0 NOT NULL,
	"additional_information" jsonb NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "sys_oauth_client_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "log_operation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_type" varchar(30) NOT NULL,
	"oper_user_id" integer,
	"oper_user_name" varchar(50) DEFAULT '' NOT NULL,
	"oper_login_name" varchar(32) DEFAULT '' NOT NULL,
	"oper_location" varchar(64) DEFAULT '' NOT NULL,
	"operation_content" varchar(200) NOT NULL,
	"before_operation" jsonb,
	"after_operation" jsonb,
	"operation_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "msg_push_provider" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias" varchar(50) NOT NULL,
	"app_key" varchar(100) NOT NULL,
	"secret_enc" text NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "msg_push_provider_alias_unique" UNIQUE("alias")
);
--> statement-breakpoint
CREATE TABLE "sys_refresh_token" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"family_id" varchar(36) NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"role_name" varchar(30) NOT NULL,
	"dept_id" integer NOT NULL,
	"remark" varchar(200) DEFAULT '' NOT NULL,
	"role_type" smallint DEFAULT 2 NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" integer,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_role_menu" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"half_checked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sys_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "msg_signature" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "msg_signature_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "msg_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"type" varchar(20) NOT NULL,
	"content" varchar(500) NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "msg_template_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sys_system_api_key" (
	"id" serial PRIMARY KEY NOT NULL,
	"system_menu_id" integer NOT NULL,
	"system_name" varchar(50) NOT NULL,
	"api_key" varchar(64) NOT NULL,
	"api_code" varchar(50) DEFAULT '' NOT NULL,
	"owner" varchar(50) DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone,
	CONSTRAINT "sys_system_api_key_api_key_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "sys_user" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"username" varchar(32) NOT NULL,
	"name" varchar(50) NOT NULL,
	"mobile" varchar(20) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"dept_id" integer,
	"status" smallint DEFAULT 1 NOT NULL,
	"reset_pwd_allowed" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone,
	"wx_work_user_id" varchar(64),
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"lock_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_login_time" timestamp with time zone,
	"login_count" integer DEFAULT 0 NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" integer,
	"update_time" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_data_authority" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"classification_id" integer NOT NULL,
	"data_code" varchar(50) NOT NULL,
	"data_name" varchar(100) NOT NULL,
	"top_code" varchar(50) DEFAULT '' NOT NULL,
	"top_name" varchar(100) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_user_role" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	CONSTRAINT "sys_user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "sys_user_service_centre" (
	"user_id" integer NOT NULL,
	"dept_id" integer NOT NULL,
	"create_by" integer,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_by" integer,
	"update_time" timestamp with time zone,
	CONSTRAINT "sys_user_service_centre_user_id_dept_id_pk" PRIMARY KEY("user_id","dept_id")
);
--> statement-breakpoint
ALTER TABLE "sys_access_token" ADD CONSTRAINT "sys_access_token_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_access_token" ADD CONSTRAINT "sys_access_token_client_id_sys_oauth_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."sys_oauth_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_data_classification" ADD CONSTRAINT "sys_data_classification_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_data_organ" ADD CONSTRAINT "sys_data_organ_group_id_sys_data_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sys_data_group"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dept" ADD CONSTRAINT "sys_dept_parent_id_sys_dept_dept_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dept_menu" ADD CONSTRAINT "sys_dept_menu_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dept_menu" ADD CONSTRAINT "sys_dept_menu_system_menu_id_sys_menu_menu_id_fk" FOREIGN KEY ("system_menu_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dept_menu" ADD CONSTRAINT "sys_dept_menu_menu_id_sys_menu_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dept_resource" ADD CONSTRAINT "sys_dept_resource_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dept_resource" ADD CONSTRAINT "sys_dept_resource_file_id_sys_file_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."sys_file"("file_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dictionary" ADD CONSTRAINT "sys_dictionary_parent_id_sys_dictionary_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_dictionary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_dictionary_name" ADD CONSTRAINT "sys_dictionary_name_dict_id_sys_dictionary_id_fk" FOREIGN KEY ("dict_id") REFERENCES "public"."sys_dictionary"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_article" ADD CONSTRAINT "info_article_system_menu_id_sys_menu_menu_id_fk" FOREIGN KEY ("system_menu_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_article" ADD CONSTRAINT "info_article_classification_id_info_category_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."info_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_article" ADD CONSTRAINT "info_article_image_id_sys_file_file_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."sys_file"("file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "info_category" ADD CONSTRAINT "info_category_system_menu_id_sys_menu_menu_id_fk" FOREIGN KEY ("system_menu_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_login_record" ADD CONSTRAINT "sys_login_record_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_menu" ADD CONSTRAINT "sys_menu_parent_id_sys_menu_menu_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_menu" ADD CONSTRAINT "sys_menu_system_menu_id_sys_menu_menu_id_fk" FOREIGN KEY ("system_menu_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_api_key" ADD CONSTRAINT "msg_api_key_system_menu_id_sys_menu_menu_id_fk" FOREIGN KEY ("system_menu_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "msg_record" ADD CONSTRAINT "msg_record_template_id_msg_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."msg_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_refresh_token" ADD CONSTRAINT "sys_refresh_token_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_refresh_token" ADD CONSTRAINT "sys_refresh_token_client_id_sys_oauth_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."sys_oauth_client"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role" ADD CONSTRAINT "sys_role_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_role_menu" ADD CONSTRAINT "sys_role_menu_menu_id_sys_menu_menu_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_system_api_key" ADD CONSTRAINT "sys_system_api_key_system_menu_id_sys_menu_menu_id_fk" FOREIGN KEY ("system_menu_id") REFERENCES "public"."sys_menu"("menu_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user" ADD CONSTRAINT "sys_user_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_data_authority" ADD CONSTRAINT "sys_user_data_authority_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_data_authority" ADD CONSTRAINT "sys_user_data_authority_classification_id_sys_data_classification_id_fk" FOREIGN KEY ("classification_id") REFERENCES "public"."sys_data_classification"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_role_id_sys_role_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."sys_role"("role_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_role" ADD CONSTRAINT "sys_user_role_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_service_centre" ADD CONSTRAINT "sys_user_service_centre_user_id_sys_user_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."sys_user"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_service_centre" ADD CONSTRAINT "sys_user_service_centre_dept_id_sys_dept_dept_id_fk" FOREIGN KEY ("dept_id") REFERENCES "public"."sys_dept"("dept_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sys_access_token_family_idx" ON "sys_access_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "sys_access_token_user_idx" ON "sys_access_token" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sys_access_token_expiry_idx" ON "sys_access_token" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sys_data_classification_dept_idx" ON "sys_data_classification" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "sys_dept_parent_idx" ON "sys_dept" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_dept_name_idx" ON "sys_dept" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sys_dept_menu_sys_idx" ON "sys_dept_menu" USING btree ("dept_id","system_menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dept_resource_slot_uq" ON "sys_dept_resource" USING btree ("dept_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dictionary_no_uq" ON "sys_dictionary" USING btree (coalesce("parent_id", 0),"dict_no");--> statement-breakpoint
CREATE INDEX "sys_dictionary_name_idx" ON "sys_dictionary" USING btree ("dict_name");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_dictionary_name_uq" ON "sys_dictionary_name" USING btree ("dict_id","lang_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_i18n_text_chinese_uq" ON "sys_i18n_text" USING btree ("chinese");--> statement-breakpoint
CREATE INDEX "sys_i18n_text_status_idx" ON "sys_i18n_text" USING btree ("status");--> statement-breakpoint
CREATE INDEX "info_article_list_idx" ON "info_article" USING btree ("top","sort","id");--> statement-breakpoint
CREATE INDEX "info_article_category_idx" ON "info_article" USING btree ("classification_id");--> statement-breakpoint
CREATE UNIQUE INDEX "info_category_name_uq" ON "info_category" USING btree ("system_menu_id","name");--> statement-breakpoint
CREATE INDEX "log_interface_time_idx" ON "log_interface" USING btree ("start_time","id");--> statement-breakpoint
CREATE INDEX "log_interface_app_idx" ON "log_interface" USING btree ("app_id","start_time");--> statement-breakpoint
CREATE INDEX "log_interface_user_idx" ON "log_interface" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "log_interface_status_idx" ON "log_interface" USING btree ("response_status","start_time");--> statement-breakpoint
CREATE INDEX "sys_login_record_time_idx" ON "sys_login_record" USING btree ("login_time");--> statement-breakpoint
CREATE INDEX "sys_login_record_user_idx" ON "sys_login_record" USING btree ("user_id","login_time");--> statement-breakpoint
CREATE INDEX "sys_menu_parent_idx" ON "sys_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sys_menu_system_idx" ON "sys_menu" USING btree ("system_menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_menu_system_id_uq" ON "sys_menu" USING btree ("perms") WHERE type = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_menu_key_uq" ON "sys_menu" USING btree ("system_menu_id","perms") WHERE type <> 0;--> statement-breakpoint
CREATE INDEX "msg_record_channel_idx" ON "msg_record" USING btree ("channel","id");--> statement-breakpoint
CREATE INDEX "msg_notice_active_idx" ON "msg_notice" USING btree ("status","start_time");--> statement-breakpoint
CREATE INDEX "log_operation_time_idx" ON "log_operation" USING btree ("operation_time","id");--> statement-breakpoint
CREATE INDEX "log_operation_login_idx" ON "log_operation" USING btree ("oper_login_name","operation_time");--> statement-breakpoint
CREATE INDEX "log_operation_user_idx" ON "log_operation" USING btree ("oper_user_name","operation_time");--> statement-breakpoint
CREATE INDEX "sys_refresh_token_family_idx" ON "sys_refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "sys_refresh_token_user_idx" ON "sys_refresh_token" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_role_name_dept_uq" ON "sys_role" USING btree ("dept_id","role_name");--> statement-breakpoint
CREATE INDEX "sys_role_dept_idx" ON "sys_role" USING btree ("dept_id");--> statement-breakpoint
CREATE INDEX "sys_role_menu_menu_idx" ON "sys_role_menu" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "sys_system_api_key_system_idx" ON "sys_system_api_key" USING btree ("system_menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_username_uq" ON "sys_user" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_wx_uq" ON "sys_user" USING btree ("wx_work_user_id");--> statement-breakpoint
CREATE INDEX "sys_user_dept_idx" ON "sys_user" USING btree ("dept_id","user_id");--> statement-breakpoint
CREATE INDEX "sys_user_status_idx" ON "sys_user" USING btree ("status","user_id");--> statement-breakpoint
CREATE INDEX "sys_user_name_idx" ON "sys_user" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "sys_user_data_authority_uq" ON "sys_user_data_authority" USING btree ("user_id","classification_id","data_code");--> statement-breakpoint
CREATE INDEX "sys_user_role_role_idx" ON "sys_user_role" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "sys_user_service_centre_dept_idx" ON "sys_user_service_centre" USING btree ("dept_id");