CREATE TABLE "notice_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"notice_id" integer NOT NULL,
	"name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"mime_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" integer NOT NULL,
	"notice_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"title" text NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"author_dept" text NOT NULL,
	"author_dept_en" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"audience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"release_time" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notice_attachments_notice" ON "notice_attachments" USING btree ("tenant_id","notice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notice_reads_tenant_user_notice" ON "notice_reads" USING btree ("tenant_id","user_id","notice_id");--> statement-breakpoint
CREATE INDEX "notices_tenant_status_release" ON "notices" USING btree ("tenant_id","status","release_time");