ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- Decision 016: the staff there are keep doing everything they did.
UPDATE "users" SET "staff_role" = 'admin' WHERE "role" = 'staff';--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "sales_rep_id" uuid;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_sales_rep_id_users_id_fk" FOREIGN KEY ("sales_rep_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_sales_rep_idx" ON "companies" USING btree ("sales_rep_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK (("users"."role" = 'staff') = ("users"."staff_role" is not null) and "users"."staff_role" in ('admin', 'sales', 'warehouse', 'accounting', 'compliance'));