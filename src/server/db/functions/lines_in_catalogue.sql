-- lines_in_catalogue: the catalogue as it is now for an order's lines (p_lines: option and quantity
-- each), in lines_as_priced's shape, to compare with what the lines were priced and judged from
-- (approve_order, change_order; place_order and place_desk_order read their locked rows instead).
CREATE OR REPLACE FUNCTION lines_in_catalogue(p_lines jsonb) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_agg(
    jsonb_build_array(v.id, (l->>'quantity')::integer, p.price_cents, p.discount_price_cents,
      p.discount_percentage::real, p.compliance, v.compliance, v.min_quantity, v.order_increment,
      v.max_quantity)
    ORDER BY v.id
  ), '[]')
  FROM jsonb_array_elements(p_lines) l
  JOIN variants v ON v.id = (l->>'variant_id')::integer
  JOIN products p ON p.id = v.product_id
$$;
