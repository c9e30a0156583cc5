CREATE TABLE "sys_catalogue_applied" (
	"system_id" varchar(50) NOT NULL,
	"perms" varchar(50) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_catalogue_applied_system_id_perms_pk" PRIMARY KEY("system_id","perms")
);
