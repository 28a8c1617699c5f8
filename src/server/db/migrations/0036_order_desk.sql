CREATE TABLE "desk_draft_lines" (
	"draft_id" uuid NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"position" serial NOT NULL,
	CONSTRAINT "desk_draft_lines_draft_id_variant_id_pk" PRIMARY KEY("draft_id","variant_id"),
	CONSTRAINT "desk_draft_lines_quantity_check" CHECK ("desk_draft_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "desk_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"location_id" uuid,
	"shipping_type" text DEFAULT 'Shiptoaddress' NOT NULL,
	"fee_cents" integer,
	"fee_reason" text DEFAULT '' NOT NULL,
	"buyer_note" text DEFAULT '' NOT NULL,
	"internal_note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_drafts_shipping_type_check" CHECK ("desk_drafts"."shipping_type" in ('Pickup', 'Shiptoaddress')),
	CONSTRAINT "desk_drafts_fee_check" CHECK ("desk_drafts"."fee_cents" is null or "desk_drafts"."fee_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taken_at_desk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "internal_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_draft_lines" ADD CONSTRAINT "desk_draft_lines_draft_id_desk_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."desk_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_draft_lines" ADD CONSTRAINT "desk_draft_lines_variant_id_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_drafts" ADD CONSTRAINT "desk_drafts_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_drafts" ADD CONSTRAINT "desk_drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_drafts" ADD CONSTRAINT "desk_drafts_location_id_addresses_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_draft_lines_variant_idx" ON "desk_draft_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "desk_drafts_staff_company_unique" ON "desk_drafts" USING btree ("staff_id","company_id");--> statement-breakpoint
CREATE INDEX "desk_drafts_company_idx" ON "desk_drafts" USING btree ("company_id");