ALTER TABLE "documents" ADD COLUMN "uploaded_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_addresses_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_location_idx" ON "orders" USING btree ("location_id") WHERE "orders"."location_id" is not null;--> statement-breakpoint
-- Data (decision 015, step 2b): who uploaded each document so far is its user; an order delivered
-- before locations is for the company's location at exactly its address (the checkout joined the
-- two street lines with ', '), else none ("another address"); a pickup before locations, none.
UPDATE "documents" SET "uploaded_by" = "user_id" WHERE "user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "location_id" = (
  SELECT a."id" FROM "addresses" a
  WHERE a."company_id" = o."company_id"
    AND (CASE WHEN a."street_address_2" = '' THEN a."street_address" ELSE a."street_address" || ', ' || a."street_address_2" END) = o."ship_address"
    AND a."city" = o."ship_city" AND a."state" = o."ship_state" AND a."zip_code" = o."ship_postal_code"
  ORDER BY a."is_default" DESC, a."created_at", a."id" LIMIT 1
) WHERE o."company_id" IS NOT NULL AND o."shipping_type" = 'Shiptoaddress';
