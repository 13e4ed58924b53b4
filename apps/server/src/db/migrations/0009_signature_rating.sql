CREATE TABLE "order_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"order_id" integer NOT NULL,
	"rater_user_id" integer,
	"rater_oauth_id" integer,
	"score" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_ratings_score" CHECK ("order_ratings"."score" between 0 and 5),
	CONSTRAINT "order_ratings_comment" CHECK (char_length("order_ratings"."comment") <= 200)
);
--> statement-breakpoint
CREATE TABLE "fee_item_signatures" (
	"fee_item_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"timing" text DEFAULT 'after_pay' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"order_id" integer NOT NULL,
	"signer_user_id" integer,
	"signer_oauth_id" integer,
	"png" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"strokes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_item_signatures" ADD CONSTRAINT "fee_item_signatures_fee_item_id_fee_items_id_fk" FOREIGN KEY ("fee_item_id") REFERENCES "public"."fee_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_signatures" ADD CONSTRAINT "order_signatures_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_ratings_order" ON "order_ratings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_ratings_tenant" ON "order_ratings" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_signatures_order" ON "order_signatures" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_signatures_tenant" ON "order_signatures" USING btree ("tenant_id","created_at");