-- fill_order: an order's stock and items, inside its transaction (place_order, approve_order).
-- Takes each line's quantity from its option's stock with a conditional update, so concurrent
-- orders never oversell (a shortfall raises 'not_enough_stock:[ids]', undoing the whole order),
-- snapshots the lines as the order's items, records its first status event, 'placed', and issues
-- its invoice when invoices are issued as orders are placed (invoice_order, decision 017). The
-- company's credit is judged first (credit_check).
CREATE OR REPLACE FUNCTION fill_order(
  p_order uuid,
  p_lines jsonb,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_short jsonb := '[]'::jsonb;
  v_line jsonb;
BEGIN
  -- The company's credit hold and limit, before any stock is taken (raises 'credit_hold:…' or
  -- 'credit_limit:…', undoing the order; decision 017).
  PERFORM credit_check(p_order, p_now);
  FOR v_line IN
    SELECT value FROM jsonb_array_elements(p_lines) ORDER BY (value->>'variant_id')::integer
  LOOP
    UPDATE variants SET stock = stock - (v_line->>'quantity')::integer
    WHERE id = (v_line->>'variant_id')::integer AND stock >= (v_line->>'quantity')::integer;
    IF NOT FOUND THEN
      v_short := v_short || to_jsonb((v_line->>'variant_id')::integer);
    END IF;
  END LOOP;
  IF jsonb_array_length(v_short) > 0 THEN
    RAISE EXCEPTION 'not_enough_stock:%', v_short::text;
  END IF;

  PERFORM insert_order_items(p_order, p_lines);
  INSERT INTO order_events (order_id, stage, created_at) VALUES (p_order, 'placed', p_now);
  PERFORM invoice_order(p_order, p_now, 'placed');
END
$$;
