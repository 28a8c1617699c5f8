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
