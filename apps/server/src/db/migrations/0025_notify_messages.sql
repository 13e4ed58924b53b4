CREATE TABLE "dev_wechat_messages" (
	"msg_id" serial PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"client_msg_id" text,
	"to_user" text NOT NULL,
	"template_id" text NOT NULL,
	"url" text,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"person_type" text,
	"person_id" integer,
	"phone" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"channel" text,
	"sms_attempted_at" timestamp with time zone,
	"sms_phone" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notify_prefs" (
	"tenant_id" varchar(6) NOT NULL,
	"user_id" integer NOT NULL,
	"off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wechat_tokens" (
	"app_id" text PRIMARY KEY NOT NULL,
	"access_token" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refreshed_at" timestamp with time zone,
	"refresh_lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dev_wechat_messages_client" ON "dev_wechat_messages" USING btree ("app_id","client_msg_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_messages_event" ON "notify_messages" USING btree ("tenant_id","event_key");--> statement-breakpoint
CREATE INDEX "notify_messages_due" ON "notify_messages" USING btree ("next_attempt_at") WHERE status IN ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notify_messages_sms_phone" ON "notify_messages" USING btree ("sms_phone","sms_attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notify_prefs_user" ON "notify_prefs" USING btree ("tenant_id","user_id");