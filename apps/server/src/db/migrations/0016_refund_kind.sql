-- Every refund before this column left the fee owed (it only grew refund_fen): refundOnly.
ALTER TABLE "refunds" ADD COLUMN "kind" text DEFAULT 'refundOnly' NOT NULL;--> statement-breakpoint
-- A part refund's bill carried its item's unit price and quantity beside the refunded amount; it now
-- reads as one unit of the refunded amount (price x quantity = amount, as on every charge bill).
UPDATE "bills" SET "price_fen" = "amount_fen", "quantity" = 1
  WHERE "kind" = 'REFUND' AND "price_fen" * "quantity" <> "amount_fen";
