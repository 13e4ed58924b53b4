-- The orders trigger of migrations 0002 and 0006 announces only the writes made outside the server
-- (psql, other tools); the server announces its own (modules/order/changes.ts) on connections set with
-- cf.app_announces=on. That test moves into the trigger's WHEN: for the server's writes no trigger
-- event is queued and no PL/pgSQL runs (a bulk update of orders no longer queues one event per row).
DROP TRIGGER IF EXISTS orders_list_notify ON orders;--> statement-breakpoint
CREATE TRIGGER orders_list_notify AFTER INSERT OR UPDATE OR DELETE ON orders
  FOR EACH ROW WHEN (current_setting('cf.app_announces', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION cf_order_list_notify();
