CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tenant_id" varchar(6),
	"user_id" integer,
	"action" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" integer,
	"oauth_id" integer,
	"user_type" text,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captchas" (
	"key" text PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dev_oauth_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"open_id" text NOT NULL,
	"nickname" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dev_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dicts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"code" text NOT NULL,
	"dict_key" text NOT NULL,
	"dict_value" text NOT NULL,
	"remark" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"employee_no" text NOT NULL,
	"employee_name" text NOT NULL,
	"id_card" text NOT NULL,
	"password_hash" text,
	"phone" text,
	"department" text
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text,
	"category" smallint DEFAULT 2 NOT NULL,
	"path" text,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "menus_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "oauth_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"source" text NOT NULL,
	"open_id" text NOT NULL,
	"union_id" text,
	"user_id" integer,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "other_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"id_type" smallint DEFAULT 1 NOT NULL,
	"id_card" text NOT NULL,
	"name" text NOT NULL,
	"phone" text
);
--> statement-breakpoint
CREATE TABLE "params" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"param_type" text DEFAULT 'system' NOT NULL,
	"param_key" text NOT NULL,
	"param_value" text NOT NULL,
	"param_name" text
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_menus" (
	"role_id" integer NOT NULL,
	"menu_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"role_alias" text NOT NULL,
	"role_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"student_no" text NOT NULL,
	"student_name" text NOT NULL,
	"id_type" smallint DEFAULT 1 NOT NULL,
	"id_card" text NOT NULL,
	"start_year" integer,
	"major" text,
	"class_name" text,
	"phone" text
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"tenant_name" text NOT NULL,
	"tenant_name_en" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"expire_time" timestamp with time zone,
	"mobile_modules" jsonb,
	"wechat_mp_app_id" text,
	"wechat_mp_secret" text,
	"wechat_work_corp_id" text,
	"wechat_work_agent_id" text,
	"wechat_work_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_tenant_id_unique" UNIQUE("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "user_bindings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" integer NOT NULL,
	"user_type" text NOT NULL,
	"student_id" integer,
	"employee_id" integer,
	"other_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"account" text NOT NULL,
	"phone" text,
	"email" text,
	"real_name" text DEFAULT '' NOT NULL,
	"nick_name" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"user_type" text,
	"status" smallint DEFAULT 1 NOT NULL,
	"password_hash" text,
	"role_ids" text DEFAULT '' NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"finance_phone" text,
	"finance_email" text,
	"bank_card" text,
	"bank_name" text,
	"bank_province" text,
	"bank_city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_tenant_user" ON "audit_log" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "dev_outbox_recipient" ON "dev_outbox" USING btree ("recipient","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dicts_tenant_code_key" ON "dicts" USING btree ("tenant_id","code","dict_key");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_tenant_no" ON "employees" USING btree ("tenant_id","employee_no");--> statement-breakpoint
CREATE INDEX "employees_tenant_id_card" ON "employees" USING btree ("tenant_id","id_card");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_links_source_open" ON "oauth_links" USING btree ("tenant_id","source","open_id");--> statement-breakpoint
CREATE UNIQUE INDEX "other_people_tenant_id" ON "other_people" USING btree ("tenant_id","id_type","id_card");--> statement-breakpoint
CREATE UNIQUE INDEX "params_tenant_key" ON "params" USING btree ("tenant_id","param_key");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "role_menus_pk" ON "role_menus" USING btree ("role_id","menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_tenant_alias" ON "roles" USING btree ("tenant_id","role_alias");--> statement-breakpoint
CREATE UNIQUE INDEX "students_tenant_no" ON "students" USING btree ("tenant_id","student_no");--> statement-breakpoint
CREATE INDEX "students_tenant_id_card" ON "students" USING btree ("tenant_id","id_card");--> statement-breakpoint
CREATE UNIQUE INDEX "user_bindings_user" ON "user_bindings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_account" ON "users" USING btree ("tenant_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_phone" ON "users" USING btree ("tenant_id","phone");--> statement-breakpoint
CREATE INDEX "verification_codes_phone" ON "verification_codes" USING btree ("tenant_id","phone","created_at");