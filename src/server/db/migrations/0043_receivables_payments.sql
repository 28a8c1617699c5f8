CREATE TABLE "allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid,
	"credit_note_id" uuid,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "allocations_amount_check" CHECK ("allocations"."amount_cents" > 0),
	CONSTRAINT "allocations_one_source" CHECK (("allocations"."payment_id" is null) <> ("allocations"."credit_note_id" is null))
);
--> statement-breakpoint
CREATE TABLE "invoice_balances" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"open_cents" integer NOT NULL,
	CONSTRAINT "invoice_balances_open_check" CHECK ("invoice_balances"."open_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_mails" (
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_mails_invoice_id_kind_pk" PRIMARY KEY("invoice_id","kind")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"received_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"unapplied_cents" integer NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"void_reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "payments_number_unique" UNIQUE("number"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_unapplied_check" CHECK ("payments"."unapplied_cents" >= 0 and "payments"."unapplied_cents" <= "payments"."amount_cents"),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('check', 'ach', 'card', 'cash', 'other'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"payment_id" uuid,
	"credit_note_id" uuid,
	"amount_cents" integer NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_one_source" CHECK (("refunds"."payment_id" is null) <> ("refunds"."credit_note_id" is null))
);
--> statement-breakpoint
ALTER TABLE "company_accounts" ADD COLUMN "credit_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "company_accounts" ADD COLUMN "hold_lifted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_accounts" ADD COLUMN "hold_lift_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "receivables_settings" ADD COLUMN "hold_after_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_balances" ADD CONSTRAINT "invoice_balances_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_mails" ADD CONSTRAINT "invoice_mails_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_credit_note_id_invoices_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocations_invoice_idx" ON "allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "allocations_payment_idx" ON "allocations" USING btree ("payment_id") WHERE "allocations"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "allocations_credit_note_idx" ON "allocations" USING btree ("credit_note_id") WHERE "allocations"."credit_note_id" is not null;--> statement-breakpoint
CREATE INDEX "invoice_balances_open_idx" ON "invoice_balances" USING btree ("company_id","kind","due_date") WHERE "invoice_balances"."open_cents" > 0;--> statement-breakpoint
CREATE INDEX "payments_company_idx" ON "payments" USING btree ("company_id","received_on");--> statement-breakpoint
CREATE INDEX "refunds_company_idx" ON "refunds" USING btree ("company_id","paid_on");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");--> statement-breakpoint
ALTER TABLE "company_accounts" ADD CONSTRAINT "company_accounts_limit_check" CHECK ("company_accounts"."credit_limit_cents" is null or "company_accounts"."credit_limit_cents" >= 0);--> statement-breakpoint
-- What is left of each document issued before this migration: all of it.
INSERT INTO "invoice_balances" ("invoice_id", "company_id", "kind", "due_date", "open_cents")
SELECT "id", "company_id", "kind", "due_date", "total_cents" FROM "invoices"
ON CONFLICT DO NOTHING;
