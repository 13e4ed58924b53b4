CREATE INDEX "bills_takings" ON "bills" USING btree ("tenant_id","status","bill_date","kind","method","receivable_id","fee_item_id","amount_fen","project","project_en");--> statement-breakpoint
CREATE INDEX "orders_tenant_created_state" ON "orders" USING btree ("tenant_id","created_at","pay_status");--> statement-breakpoint
CREATE INDEX "receivables_names" ON "receivables" USING btree ("id","tenant_id","school_year","item_name","item_name_en");--> statement-breakpoint
DROP INDEX "bills_tenant_status_date";--> statement-breakpoint
DROP INDEX "orders_tenant_created";
