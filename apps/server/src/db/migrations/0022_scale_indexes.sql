CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cf_char_pairs(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT regexp_replace(lower(t), '(.)', '\1\1', 'g') $$;--> statement-breakpoint
CREATE INDEX "bills_tenant_status_date" ON "bills" USING btree ("tenant_id","status","bill_date");--> statement-breakpoint
CREATE INDEX "orders_person_name_pairs" ON "orders" USING gin (cf_char_pairs("person_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_order_no_prefix" ON "orders" USING btree ("order_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_payment_no_prefix" ON "orders" USING btree ("payment_no" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_tenant_status" ON "orders" USING btree ("tenant_id","pay_status");--> statement-breakpoint
CREATE INDEX "orders_tenant_channel" ON "orders" USING btree ("tenant_id","channel");--> statement-breakpoint
CREATE INDEX "orders_tenant_created" ON "orders" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_created" ON "audit_log" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "employees_tenant_phone" ON "employees" USING btree ("tenant_id","phone");--> statement-breakpoint
CREATE INDEX "employees_name_pairs" ON "employees" USING gin (cf_char_pairs("employee_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "students_tenant_phone" ON "students" USING btree ("tenant_id","phone");--> statement-breakpoint
CREATE INDEX "students_name_pairs" ON "students" USING gin (cf_char_pairs("student_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_bindings_employee" ON "user_bindings" USING btree ("tenant_id","employee_id");--> statement-breakpoint
CREATE INDEX "users_tenant_finance_phone" ON "users" USING btree ("tenant_id","finance_phone");--> statement-breakpoint
CREATE INDEX "users_account_trgm" ON "users" USING gin ("account" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_real_name_pairs" ON "users" USING gin (cf_char_pairs("real_name") gin_trgm_ops);