-- lines_as_priced: what an order's lines (p_lines) were priced and judged from, one array per
-- line in option order — option, quantity, the product's prices, its and the option's compliance
-- attributes, the option's case pack — to compare with the catalogue as it is now, under lock
-- (place_order against the cart, approve_order against the lines themselves).
CREATE OR REPLACE FUNCTION lines_as_priced(p_lines jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(
    jsonb_build_array((l->>'variant_id')::integer, (l->>'quantity')::integer,
      (l->>'price_cents')::integer, (l->>'discount_price_cents')::integer,
      (l->>'discount_percentage')::real, l->'product_compliance', l->'variant_compliance',
      (l->>'min_quantity')::integer, (l->>'order_increment')::integer, (l->>'max_quantity')::integer)
    ORDER BY (l->>'variant_id')::integer
  ), '[]')
  FROM jsonb_array_elements(p_lines) l
$$;
