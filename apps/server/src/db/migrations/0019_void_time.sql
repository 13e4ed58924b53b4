ALTER TABLE "bills" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
UPDATE "bills" SET "voided_at" = now() WHERE "status" = 0;
