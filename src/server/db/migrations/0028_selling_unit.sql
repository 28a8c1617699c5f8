ALTER TABLE "products" ADD COLUMN "selling_unit" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "selling_unit" text DEFAULT '' NOT NULL;