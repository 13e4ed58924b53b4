CREATE TABLE "reminder_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text DEFAULT '' NOT NULL,
	"item_name_en" text DEFAULT '' NOT NULL,
	"filter" jsonb NOT NULL,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"schedule_id" integer,
	"schedule_day" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"stopped_by" integer,
	"people" integer,
	"owed_fen" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"campaign_id" integer NOT NULL,
	"person_type" text NOT NULL,
	"person_id" integer NOT NULL,
	"person_no" text DEFAULT '' NOT NULL,
	"person_name" text DEFAULT '' NOT NULL,
	"class_name" text,
	"owed_fen" bigint NOT NULL,
	"receivable_ids" jsonb NOT NULL,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"item_code" text NOT NULL,
	"school_year" text DEFAULT '' NOT NULL,
	"days_before" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"last_fired_day" text
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "college" text;--> statement-breakpoint
CREATE INDEX "reminder_campaigns_tenant" ON "reminder_campaigns" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "reminder_campaigns_due" ON "reminder_campaigns" USING btree ("send_at") WHERE status IN ('scheduled', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_campaigns_schedule_day" ON "reminder_campaigns" USING btree ("schedule_id","schedule_day");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_recipients_person" ON "reminder_recipients" USING btree ("campaign_id","person_type","person_id");--> statement-breakpoint
CREATE INDEX "reminder_recipients_message" ON "reminder_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_schedules_active" ON "reminder_schedules" USING btree ("tenant_id","item_code","school_year","days_before") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "receivables_item" ON "receivables" USING btree ("tenant_id","item_code");