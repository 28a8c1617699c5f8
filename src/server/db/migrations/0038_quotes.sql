CREATE SEQUENCE "public"."quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"quote_id" uuid NOT NULL,
	"variant_id" integer NOT NULL,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"selling_unit" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer,
	"list_unit_price_cents" integer,
	"price_reason" text DEFAULT '' NOT NULL,
	"excise_cents" integer DEFAULT 0 NOT NULL,
	"position" serial NOT NULL,
	CONSTRAINT "quote_lines_quote_id_variant_id_pk" PRIMARY KEY("quote_id","variant_id"),
	CONSTRAINT "quote_lines_quantity_check" CHECK ("quote_lines"."quantity" > 0),
	CONSTRAINT "quote_lines_price_check" CHECK ("quote_lines"."unit_price_cents" is null or "quote_lines"."unit_price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"company_id" uuid NOT NULL,
	"location_id" uuid,
	"staff_id" uuid,
	"requested_by" uuid,
	"request_note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"shipping_type" text DEFAULT 'Shiptoaddress' NOT NULL,
	"shipping_cents" integer DEFAULT 0 NOT NULL,
	"fee_note" text DEFAULT '' NOT NULL,
	"buyer_note" text DEFAULT '' NOT NULL,
	"internal_note" text DEFAULT '' NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"excise_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"expires_on" date,
	"sent_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"closed_reason" text DEFAULT '' NOT NULL,
	"order_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number_unique" UNIQUE("number"),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('requested', 'sent', 'accepted', 'declined', 'withdrawn')),
	CONSTRAINT "quotes_shipping_type_check" CHECK ("quotes"."shipping_type" in ('Pickup', 'Shiptoaddress')),
	CONSTRAINT "quotes_sent_check" CHECK ("quotes"."status" = 'requested' or "quotes"."expires_on" is not null)
);
--> statement-breakpoint
CREATE TABLE "minimum_prices" (
	"variant_id" integer PRIMARY KEY NOT NULL,
	"min_price_cents" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "minimum_prices_amount_check" CHECK ("minimum_prices"."min_price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_number" text;--> statement-breakpoint
ALTER TABLE "desk_draft_lines" ADD COLUMN "unit_price_cents" integer;--> statement-breakpoint
ALTER TABLE "desk_draft_lines" ADD COLUMN "price_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_drafts" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_location_id_addresses_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minimum_prices" ADD CONSTRAINT "minimum_prices_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minimum_prices" ADD CONSTRAINT "minimum_prices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_company_created_idx" ON "quotes" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_status_updated_idx" ON "quotes" USING btree ("status","updated_at");--> statement-breakpoint
ALTER TABLE "desk_drafts" ADD CONSTRAINT "desk_drafts_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_draft_lines" ADD CONSTRAINT "desk_draft_lines_price_check" CHECK ("desk_draft_lines"."unit_price_cents" is null or "desk_draft_lines"."unit_price_cents" >= 0);