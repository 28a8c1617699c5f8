CREATE TABLE "orders_awaiting_shipment" (
	"order_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders_awaiting_shipment" ADD CONSTRAINT "orders_awaiting_shipment_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_cancelled_idx" ON "order_items" USING btree ("order_id") WHERE "order_items"."status" = 'cancelled';--> statement-breakpoint
CREATE INDEX "invoices_excise_state_date_idx" ON "invoices" USING btree ("excise_state","invoice_date");--> statement-breakpoint
-- The trigger function as it came (db/functions has it as it is now), its trigger, and the orders
-- no stage has moved on from Placed yet.
-- order_events_awaiting: the trigger function that keeps orders_awaiting_shipment (decision 018):
-- an order is in it while no event other than Placed is recorded for it. A Placed event puts it in;
-- any other stage takes it out; deleting a stage (stepping back) puts it in again when no other
-- stage is left, unless the order itself is being deleted (its events go with it).
CREATE OR REPLACE FUNCTION order_events_awaiting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.stage = 'placed' THEN
      INSERT INTO orders_awaiting_shipment (order_id)
      SELECT NEW.order_id
      WHERE NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = NEW.order_id AND e.stage <> 'placed')
      ON CONFLICT DO NOTHING;
    ELSE
      DELETE FROM orders_awaiting_shipment WHERE order_id = NEW.order_id;
    END IF;
    RETURN NULL;
  END IF;
  IF OLD.stage <> 'placed'
    AND EXISTS (SELECT 1 FROM orders o WHERE o.id = OLD.order_id)
    AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = OLD.order_id AND e.stage <> 'placed') THEN
    INSERT INTO orders_awaiting_shipment (order_id) VALUES (OLD.order_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_events_awaiting" AFTER INSERT OR DELETE ON "order_events"
FOR EACH ROW EXECUTE FUNCTION order_events_awaiting();--> statement-breakpoint
INSERT INTO "orders_awaiting_shipment" ("order_id")
SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.stage <> 'placed');
