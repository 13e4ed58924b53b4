CREATE TABLE "other_incomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"employee_id" integer NOT NULL,
	"project" text NOT NULL,
	"department" text NOT NULL,
	"paid_on" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"net_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "other_incomes_sum" CHECK ("other_incomes"."amount_fen" - "other_incomes"."tax_fen" = "other_incomes"."net_fen")
);
--> statement-breakpoint
CREATE TABLE "salary_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"slip_id" integer NOT NULL,
	"name" text NOT NULL,
	"group" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"sort" smallint NOT NULL,
	CONSTRAINT "salary_items_group" CHECK ("salary_items"."group" in ('income', 'deduction', 'tax'))
);
--> statement-breakpoint
CREATE TABLE "salary_slips" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" varchar(6) NOT NULL,
	"employee_id" integer NOT NULL,
	"period" text NOT NULL,
	"pay_date" text NOT NULL,
	"gross_fen" bigint NOT NULL,
	"deduction_fen" bigint NOT NULL,
	"tax_fen" bigint NOT NULL,
	"net_fen" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_slips_sum" CHECK ("salary_slips"."gross_fen" - "salary_slips"."deduction_fen" - "salary_slips"."tax_fen" = "salary_slips"."net_fen")
);
--> statement-breakpoint
ALTER TABLE "salary_items" ADD CONSTRAINT "salary_items_slip_id_salary_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."salary_slips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "other_incomes_record" ON "other_incomes" USING btree ("tenant_id","employee_id","project","department","paid_on");--> statement-breakpoint
CREATE INDEX "other_incomes_person" ON "other_incomes" USING btree ("tenant_id","employee_id","paid_on");--> statement-breakpoint
CREATE INDEX "salary_items_slip" ON "salary_items" USING btree ("slip_id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_slips_person_period" ON "salary_slips" USING btree ("tenant_id","employee_id","period");--> statement-breakpoint
CREATE INDEX "salary_slips_tenant_period" ON "salary_slips" USING btree ("tenant_id","period");