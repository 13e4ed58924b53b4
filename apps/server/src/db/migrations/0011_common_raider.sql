CREATE TABLE "reconciliation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"kind" text NOT NULL,
	"difference" text NOT NULL,
	"out_no" text NOT NULL,
	"transaction_id" text,
	"statement_fen" bigint,
	"our_fen" bigint,
	"statement_state" text,
	"our_state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"bill_date" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"statement_pay_count" integer DEFAULT 0 NOT NULL,
	"statement_pay_fen" bigint DEFAULT 0 NOT NULL,
	"statement_refund_count" integer DEFAULT 0 NOT NULL,
	"statement_refund_fen" bigint DEFAULT 0 NOT NULL,
	"our_pay_count" integer DEFAULT 0 NOT NULL,
	"our_pay_fen" bigint DEFAULT 0 NOT NULL,
	"our_refund_count" integer DEFAULT 0 NOT NULL,
	"our_refund_fen" bigint DEFAULT 0 NOT NULL,
	"difference_count" integer DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tenant_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"kind" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_lines" ADD CONSTRAINT "reconciliation_lines_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_lines_run" ON "reconciliation_lines" USING btree ("run_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_runs_day" ON "reconciliation_runs" USING btree ("tenant_id","bill_date","channel");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_status" ON "reconciliation_runs" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_providers_tenant_kind" ON "tenant_providers" USING btree ("tenant_id","kind");