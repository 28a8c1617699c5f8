CREATE TABLE "item_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_returns_quantity_check" CHECK ("item_returns"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "item_returns" ADD CONSTRAINT "item_returns_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_returns" ADD CONSTRAINT "item_returns_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_returns_item_idx" ON "item_returns" USING btree ("order_item_id");--> statement-breakpoint
-- TRUNCATE passes row triggers by: an issued document is not emptied out that way either.
CREATE TRIGGER "invoices_not_truncated" BEFORE TRUNCATE ON "invoices"
FOR EACH STATEMENT EXECUTE FUNCTION refuse_invoice_change();--> statement-breakpoint
CREATE TRIGGER "invoice_lines_not_truncated" BEFORE TRUNCATE ON "invoice_lines"
FOR EACH STATEMENT EXECUTE FUNCTION refuse_invoice_change();
