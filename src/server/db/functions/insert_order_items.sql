-- insert_order_items: an order's lines as its items (the snapshot of what was bought, at the price
-- paid), inside its transaction: fill_order for a new order, change_order for a changed one.
CREATE OR REPLACE FUNCTION insert_order_items(p_order uuid, p_lines jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_items (
    order_id, variant_id, sku, product_name, variant_name, image_url, unit_price_cents, quantity,
    category_slug, brand_slug, product_slug, brand_name, compliance, excise_cents, selling_unit
  )
  SELECT p_order, (l->>'variant_id')::integer, l->>'sku', l->>'product_name', l->>'variant_name',
    l->>'image_url', (l->>'unit_price_cents')::integer, (l->>'quantity')::integer,
    l->>'category_slug', l->>'brand_slug', l->>'product_slug', l->>'brand_name', l->'compliance',
    (l->>'excise_cents')::integer, coalesce(l->>'selling_unit', '')
  FROM jsonb_array_elements(p_lines) l
$$;
