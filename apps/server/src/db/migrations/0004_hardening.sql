CREATE TABLE "step_up_uses" (
	"jti" text PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_bindings" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bindings" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_bindings" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "user_bindings" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "requested_by" text;--> statement-breakpoint
CREATE INDEX "user_bindings_tenant_status" ON "user_bindings" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "user_bindings_student" ON "user_bindings" USING btree ("tenant_id","student_id");--> statement-breakpoint
CREATE INDEX "verification_codes_phone_all_tenants" ON "verification_codes" USING btree ("phone","created_at");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";