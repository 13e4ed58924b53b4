CREATE TABLE "invoice_titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" integer NOT NULL,
	"taxpayer_type" text NOT NULL,
	"invoice_type" text NOT NULL,
	"name" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"taxpayer_type" text NOT NULL,
	"invoice_type" text NOT NULL,
	"payer_name" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bank" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"bus_no" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"fail_reason" text,
	"bill_code" text,
	"bill_no" text,
	"check_code" text,
	"issued_at" timestamp with time zone,
	"platform_file_url" text,
	"reversal_bus_no" text,
	"reversal_submitted_at" timestamp with time zone,
	"reversal_bill_no" text,
	"reversed_at" timestamp with time zone,
	"replaces_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"polled_at" timestamp with time zone DEFAULT 'epoch' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invoice_titles_user" ON "invoice_titles" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_titles_one_default" ON "invoice_titles" USING btree ("tenant_id","user_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_live_per_order" ON "invoices" USING btree ("order_id") WHERE status IN ('requested', 'issued', 'failed', 'reversing');--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_bus_no" ON "invoices" USING btree ("bus_no");--> statement-breakpoint
CREATE INDEX "invoices_order" ON "invoices" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "invoices_status" ON "invoices" USING btree ("status");