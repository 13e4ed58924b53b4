ALTER TABLE "fee_item_signatures" ADD COLUMN "declaration" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_item_signatures" ADD COLUMN "declaration_en" text DEFAULT '' NOT NULL;