-- fill_order: an order's stock and items, inside its transaction (place_order, approve_order).
-- Takes each line's quantity from its option's stock with a conditional update, so concurrent
-- orders never oversell (a shortfall raises 'not_enough_stock:[ids]', undoing the whole order),
-- snapshots the lines as the order's items, and records its first status event, 'placed'.
CREATE OR REPLACE FUNCTION fill_order(
  p_order uuid,
  p_lines jsonb,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_short jsonb := '[]'::jsonb;
  v_line jsonb;
BEGIN
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

  INSERT INTO order_items (
    order_id, variant_id, sku, product_name, variant_name, image_url, unit_price_cents, quantity,
    category_slug, brand_slug, product_slug, brand_name, compliance, excise_cents, selling_unit
  )
  SELECT p_order, (l->>'variant_id')::integer, l->>'sku', l->>'product_name', l->>'variant_name',
    l->>'image_url', (l->>'unit_price_cents')::integer, (l->>'quantity')::integer,
    l->>'category_slug', l->>'brand_slug', l->>'product_slug', l->>'brand_name', l->'compliance',
    (l->>'excise_cents')::integer, coalesce(l->>'selling_unit', '')
  FROM jsonb_array_elements(p_lines) l;
  INSERT INTO order_events (order_id, stage, created_at) VALUES (p_order, 'placed', p_now);
END
$$;
