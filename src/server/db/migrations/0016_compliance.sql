CREATE TABLE "compliance_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"states" text[] NOT NULL,
	"condition" jsonb NOT NULL,
	"effect" text NOT NULL,
	"effective_from" date NOT NULL,
	"effective_until" date,
	"source" text NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_rules_effect_check" CHECK ("compliance_rules"."effect" in ('no_sale', 'directory_only', 'licence_required', 'no_delivery')),
	CONSTRAINT "compliance_rules_dates_check" CHECK ("compliance_rules"."effective_until" is null or "compliance_rules"."effective_until" > "compliance_rules"."effective_from")
);
--> statement-breakpoint
CREATE TABLE "compliance_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "compliance_version_one_row" CHECK ("compliance_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "directory_listings" (
	"product_id" integer NOT NULL,
	"state" text NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"listing_id" text DEFAULT '' NOT NULL,
	"listed_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_listings_product_id_state_pk" PRIMARY KEY("product_id","state")
);
--> statement-breakpoint
CREATE TABLE "excise_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"kinds" text[] NOT NULL,
	"basis" text NOT NULL,
	"rate_milli" integer NOT NULL,
	"effective_from" date NOT NULL,
	"effective_until" date,
	"collects" boolean DEFAULT true NOT NULL,
	"source" text NOT NULL,
	"retired" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "excise_rates_basis_check" CHECK ("excise_rates"."basis" in ('percent_wholesale', 'per_ml', 'per_unit', 'per_cartridge')),
	CONSTRAINT "excise_rates_rate_check" CHECK ("excise_rates"."rate_milli" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pact_filings" (
	"state" text NOT NULL,
	"month" text NOT NULL,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filed_by" text NOT NULL,
	CONSTRAINT "pact_filings_state_month_pk" PRIMARY KEY("state","month")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "compliance" jsonb DEFAULT '{"kind":"accessory","flavoured":false,"nicotineMgPerMl":null,"liquidMlPerUnit":null,"cartridgesPerUnit":null,"cannabinoid":null,"thcMgPerContainer":null,"synthesised":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "compliance" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "brand_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "compliance" jsonb DEFAULT '{"kind":"accessory","flavoured":false,"nicotineMgPerMl":null,"liquidMlPerUnit":null,"cartridgesPerUnit":null,"cannabinoid":null,"thcMgPerContainer":null,"synthesised":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "excise_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "excise_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "compliance_version" integer;--> statement-breakpoint
ALTER TABLE "directory_listings" ADD CONSTRAINT "directory_listings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;