CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"bill_no" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"order_item_id" integer,
	"receivable_id" integer,
	"fee_item_id" integer,
	"person_type" text NOT NULL,
	"person_id" integer NOT NULL,
	"project" text NOT NULL,
	"project_en" text DEFAULT '' NOT NULL,
	"price_fen" bigint NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_fen" bigint NOT NULL,
	"method" text NOT NULL,
	"bill_date" timestamp with time zone NOT NULL,
	"status" smallint NOT NULL,
	"source" text NOT NULL,
	"created_by" integer,
	"reviewed_by" integer,
	"note" text DEFAULT '' NOT NULL,
	"refund_of_bill_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_bill_no_unique" UNIQUE("bill_no")
);
--> statement-breakpoint
CREATE TABLE "enrollees" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"name" text NOT NULL,
	"id_card" text NOT NULL,
	"admission_no" text NOT NULL,
	"major" text,
	"start_year" integer
);
--> statement-breakpoint
CREATE TABLE "fee_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"price_fen" bigint DEFAULT 0 NOT NULL,
	"max_quantity" integer DEFAULT 1 NOT NULL,
	"min_fen" bigint DEFAULT 0 NOT NULL,
	"max_fen" bigint DEFAULT 0 NOT NULL,
	"form_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_types" text DEFAULT '' NOT NULL,
	"school_year" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"order_id" integer NOT NULL,
	"receivable_id" integer,
	"fee_item_id" integer,
	"name" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"price_fen" bigint NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"amount_fen" bigint NOT NULL,
	"form_data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"order_no" text NOT NULL,
	"order_type" text NOT NULL,
	"person_type" text NOT NULL,
	"person_id" integer NOT NULL,
	"person_name" text NOT NULL,
	"user_id" integer,
	"oauth_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"payer_user_id" integer,
	"payer_oauth_id" integer,
	"payer_name" text DEFAULT '' NOT NULL,
	"total_fen" bigint NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"pay_status" text DEFAULT 'NOT_PAY' NOT NULL,
	"channel" text,
	"payment_no" text,
	"pay_method" text,
	"paid_at" timestamp with time zone,
	"expire_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"paying_at" timestamp with time zone,
	"invoice_status" text DEFAULT 'none' NOT NULL,
	"signature_status" text DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no")
);
--> statement-breakpoint
CREATE TABLE "pay_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"order_id" integer,
	"channel" text NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_inbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"transaction_id" text NOT NULL,
	"order_no" text NOT NULL,
	"tenant_id" varchar(6),
	"amount_fen" bigint NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receivables" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"category" text NOT NULL,
	"person_type" text NOT NULL,
	"person_id" integer NOT NULL,
	"school_year" text DEFAULT '' NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"item_name_en" text DEFAULT '' NOT NULL,
	"allow_partial" boolean DEFAULT false NOT NULL,
	"payable_fen" bigint NOT NULL,
	"reduction_fen" bigint DEFAULT 0 NOT NULL,
	"deferred_fen" bigint DEFAULT 0 NOT NULL,
	"deferred_deduction_fen" bigint DEFAULT 0 NOT NULL,
	"received_fen" bigint DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"due_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"order_id" integer NOT NULL,
	"out_refund_no" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"channel_refund_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_out_refund_no_unique" UNIQUE("out_refund_no")
);
--> statement-breakpoint
CREATE INDEX "bills_order" ON "bills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bills_person" ON "bills" USING btree ("tenant_id","person_type","person_id");--> statement-breakpoint
CREATE INDEX "bills_receivable" ON "bills" USING btree ("receivable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollees_tenant_id_card" ON "enrollees" USING btree ("tenant_id","id_card");--> statement-breakpoint
CREATE INDEX "fee_items_tenant_kind" ON "fee_items" USING btree ("tenant_id","kind","status");--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_receivable" ON "order_items" USING btree ("receivable_id");--> statement-breakpoint
CREATE INDEX "orders_user" ON "orders" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_payer" ON "orders" USING btree ("tenant_id","payer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_person" ON "orders" USING btree ("tenant_id","person_type","person_id");--> statement-breakpoint
CREATE INDEX "orders_status_expire" ON "orders" USING btree ("pay_status","expire_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_channels_tenant_channel" ON "pay_channels" USING btree ("tenant_id","channel");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_exceptions_tx" ON "payment_exceptions" USING btree ("channel","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_inbox_channel_tx" ON "payment_inbox" USING btree ("channel","transaction_id");--> statement-breakpoint
CREATE INDEX "receivables_person" ON "receivables" USING btree ("tenant_id","person_type","person_id","category");--> statement-breakpoint
CREATE INDEX "refunds_order" ON "refunds" USING btree ("order_id");