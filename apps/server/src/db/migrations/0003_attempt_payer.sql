ALTER TABLE "pay_attempts" ADD COLUMN "payer_user_id" integer;--> statement-breakpoint
ALTER TABLE "pay_attempts" ADD COLUMN "payer_oauth_id" integer;--> statement-breakpoint
ALTER TABLE "pay_attempts" ADD COLUMN "payer_name" text;