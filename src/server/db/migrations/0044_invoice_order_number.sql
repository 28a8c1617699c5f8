ALTER TABLE "invoices" ADD COLUMN "order_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The documents issued before this column: their order's number, which they always printed. The
-- trigger that refuses changes is set aside for this one fill of a new column.
ALTER TABLE "invoices" DISABLE TRIGGER "invoices_immutable";--> statement-breakpoint
UPDATE "invoices" i SET "order_number" = o."number" FROM "orders" o WHERE o."id" = i."order_id";--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER "invoices_immutable";
