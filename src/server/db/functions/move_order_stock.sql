-- move_order_stock: an order's stock moved from its pending items to its new lines (p_lines:
-- option and quantity each), inside change_order's transaction: returned for each option lowered
-- or removed, taken for each one raised or added only while enough is left (a shortfall raises
-- 'not_enough_stock:[ids]', undoing it all), in option order as fill_order takes stock, so
-- concurrent changes and orders lock options in one order. Returns the options moved.
CREATE OR REPLACE FUNCTION move_order_stock(p_order uuid, p_lines jsonb) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  v_short jsonb := '[]'::jsonb;
  v_moved text[] := '{}';
  v_move record;
BEGIN
  FOR v_move IN
    SELECT coalesce(n.variant_id, w.variant_id) AS variant_id,
      coalesce(n.quantity, 0) - coalesce(w.quantity, 0) AS delta
    FROM (SELECT (l->>'variant_id')::integer AS variant_id, (l->>'quantity')::integer AS quantity
          FROM jsonb_array_elements(p_lines) l) n
    FULL JOIN (SELECT variant_id, sum(quantity)::integer AS quantity FROM order_items
               WHERE order_id = p_order AND status = 'pending' AND variant_id IS NOT NULL
               GROUP BY variant_id) w
      ON w.variant_id = n.variant_id
    ORDER BY 1
  LOOP
    IF v_move.delta < 0 THEN
      UPDATE variants SET stock = stock - v_move.delta WHERE id = v_move.variant_id;
    ELSIF v_move.delta > 0 THEN
      UPDATE variants SET stock = stock - v_move.delta WHERE id = v_move.variant_id AND stock >= v_move.delta;
      IF NOT FOUND THEN
        v_short := v_short || to_jsonb(v_move.variant_id);
      END IF;
    END IF;
    IF v_move.delta <> 0 THEN
      v_moved := v_moved || v_move.variant_id::text;
    END IF;
  END LOOP;
  IF jsonb_array_length(v_short) > 0 THEN
    RAISE EXCEPTION 'not_enough_stock:%', v_short::text;
  END IF;
  RETURN v_moved;
END
$$;
