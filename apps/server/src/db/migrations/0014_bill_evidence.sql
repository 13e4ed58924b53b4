CREATE TABLE "bill_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"uploaded_by" integer NOT NULL,
	"bill_id" integer,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bill_evidence_bill" ON "bill_evidence" USING btree ("tenant_id","bill_id");--> statement-breakpoint
CREATE INDEX "bill_evidence_uploader" ON "bill_evidence" USING btree ("tenant_id","uploaded_by","bill_id");