CREATE TABLE "company_accounts" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"payment_terms" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"line_key" text NOT NULL,
	"sku" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"excise_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid,
	"user_id" uuid NOT NULL,
	"references_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"invoice_date" date NOT NULL,
	"terms" text NOT NULL,
	"due_date" date NOT NULL,
	"bill_to" jsonb NOT NULL,
	"ship_to" jsonb NOT NULL,
	"licenses" jsonb NOT NULL,
	"excise_state" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"excise_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_cents" = "invoices"."subtotal_cents" + "invoices"."shipping_cents" + "invoices"."excise_cents")
);
--> statement-breakpoint
CREATE TABLE "receivables_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"invoice_on" text NOT NULL,
	"default_terms" text NOT NULL,
	"time_zone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receivables_settings_one_row" CHECK ("receivables_settings"."id" = 1),
	CONSTRAINT "receivables_settings_invoice_on" CHECK ("receivables_settings"."invoice_on" in ('placed', 'shipped'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "company_accounts" ADD CONSTRAINT "company_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_first_per_order" ON "invoices" USING btree ("order_id") WHERE "invoices"."references_id" is null;--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_company_date_idx" ON "invoices" USING btree ("company_id","invoice_date");--> statement-breakpoint
-- Receivables (decision 017): the settings' one row, with the defaults staff start from.
INSERT INTO "receivables_settings" ("id", "invoice_on", "default_terms", "time_zone")
VALUES (1, 'placed', 'net_15', 'America/Chicago');--> statement-breakpoint
-- An issued invoice, credit note or line never changes, and none is removed: the trigger refuses
-- it (its function's definition is db/functions/refuse_invoice_change.sql, applied again after).
CREATE OR REPLACE FUNCTION refuse_invoice_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice_immutable: % on %', TG_OP, TG_TABLE_NAME;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_immutable" BEFORE UPDATE OR DELETE ON "invoices"
FOR EACH ROW EXECUTE FUNCTION refuse_invoice_change();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_immutable" BEFORE UPDATE OR DELETE ON "invoice_lines"
FOR EACH ROW EXECUTE FUNCTION refuse_invoice_change();
