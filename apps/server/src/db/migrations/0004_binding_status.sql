ALTER TABLE "user_bindings" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bindings" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_bindings" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "user_bindings" ADD COLUMN "decision_note" text;--> statement-breakpoint
CREATE INDEX "user_bindings_tenant_status" ON "user_bindings" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "user_bindings_student" ON "user_bindings" USING btree ("tenant_id","student_id");