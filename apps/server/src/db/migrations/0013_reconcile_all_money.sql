ALTER TABLE "payment_exceptions" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "earlier_refund_nos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Refunds asked for before this column: the last change of the row is the best time we have.
UPDATE "payment_exceptions" SET "refund_requested_at" = "updated_at" WHERE "refund_no" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_inbox" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Payments received before this column: a credited one was paid when its order says, the others when they arrived.
UPDATE "payment_inbox" AS i SET "paid_at" = o."paid_at" FROM "orders" AS o
  WHERE i."outcome" = 'credited' AND o."tenant_id" = i."tenant_id" AND o."channel" = i."channel"
    AND o."payment_no" = i."transaction_id" AND o."paid_at" IS NOT NULL;--> statement-breakpoint
UPDATE "payment_inbox" SET "paid_at" = "created_at" WHERE "paid_at" IS NULL;--> statement-breakpoint
ALTER TABLE "payment_inbox" ALTER COLUMN "paid_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "payment_inbox_paid" ON "payment_inbox" USING btree ("tenant_id","channel","paid_at");--> statement-breakpoint
CREATE INDEX "payment_inbox_trade" ON "payment_inbox" USING btree ("order_no");
