CREATE TABLE "pay_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"order_id" integer NOT NULL,
	"channel" text NOT NULL,
	"out_trade_no" text NOT NULL,
	"payer_open_id" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "pay_attempts_out_trade_no_unique" UNIQUE("out_trade_no")
);
--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "refund_no" text;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "channel_refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "pay_attempts_order" ON "pay_attempts" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "payment_exceptions" ADD CONSTRAINT "payment_exceptions_refund_no_unique" UNIQUE("refund_no");--> statement-breakpoint
-- Order lists are cached per caller in each server process (modules/order/list-cache.ts); every change
-- to what a list shows is announced on channel cf_order_list so that every process drops the callers
-- it concerns: the tenant, the user ids and the WeChat oauth ids of the creator and the payer.
CREATE OR REPLACE FUNCTION cf_order_list_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.pay_status, OLD.user_id, OLD.oauth_id, OLD.payer_user_id, OLD.payer_oauth_id,
      OLD.total_fen, OLD.person_name, OLD.user_name, OLD.expire_at, OLD.order_no, OLD.order_type, OLD.created_at)
      IS NOT DISTINCT FROM (NEW.pay_status, NEW.user_id, NEW.oauth_id, NEW.payer_user_id, NEW.payer_oauth_id,
      NEW.total_fen, NEW.person_name, NEW.user_name, NEW.expire_at, NEW.order_no, NEW.order_type, NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('cf_order_list', json_build_object('t', NEW.tenant_id,
      'u', json_build_array(NEW.user_id, NEW.payer_user_id),
      'o', json_build_array(NEW.oauth_id, NEW.payer_oauth_id))::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('cf_order_list', json_build_object('t', OLD.tenant_id,
      'u', json_build_array(OLD.user_id, OLD.payer_user_id),
      'o', json_build_array(OLD.oauth_id, OLD.payer_oauth_id))::text);
  ELSE
    PERFORM pg_notify('cf_order_list', json_build_object('t', NEW.tenant_id,
      'u', json_build_array(OLD.user_id, OLD.payer_user_id, NEW.user_id, NEW.payer_user_id),
      'o', json_build_array(OLD.oauth_id, OLD.payer_oauth_id, NEW.oauth_id, NEW.payer_oauth_id))::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_list_notify AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION cf_order_list_notify();
