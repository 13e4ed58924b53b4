-- A NOTIFY sent inside a writing transaction makes every such commit wait for the one before it
-- (PostgreSQL serialises notifying commits, WAL flush included): creating orders stalled at ~200 a second.
-- The server now announces its own order writes right after they commit (modules/order/list-cache.ts),
-- on connections that say so (cf.app_announces=on, set by db/client.ts); the trigger announces only
-- the writes made by anyone else (psql, other tools), as before.
CREATE OR REPLACE FUNCTION cf_order_list_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('cf.app_announces', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
