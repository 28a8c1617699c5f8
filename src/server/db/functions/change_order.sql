-- change_order: staff change a placed order before it ships (decision 016, part 4), in one
-- statement, so in one transaction (order-change.service.ts calls it). The app has priced the lines
-- (those that stay at their agreed unit price, new ones at the company's price today) and judged
-- them all again for the order's location and shipping; this checks that judgement is current
-- under lock, then moves the stock by each option's difference and rewrites the pending lines.
--
-- In order, it returns early with a status the app acts on, or changes the order:
--  * 'not_found' no such order (or, p_scope a sales rep, not an order of one of the rep's companies);
--  * 'stale'     the order is not at the version the page showed, or its pending lines are not the
--                ones the change was made from (an item cancelled meanwhile);
--  * 'shipped'   it has moved past "Order placed" (shipped, or cancelled);
--  * 'changed'   the rules, the location's licenses, the company's group and its price list, or the
--                catalogue rows of the lines are not what they were priced and judged by;
--  * 'done'      (with the new version and number) stock returned for quantities lowered and taken
--                for quantities raised (or 'not_enough_stock:[ids]' raised, undoing it all), the
--                pending items replaced, totals and version set, the revision recorded, audited
--                (order.changed), each recipient of p_mail->'to' mailed, the change feed told.
CREATE OR REPLACE FUNCTION change_order(
  p_staff uuid,
  p_number text,
  p_version integer,
  p_now timestamptz,
  p_order jsonb,
  p_lines jsonb,
  p_check jsonb,
  p_revision jsonb,
  p_mail jsonb,
  p_scope uuid DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  o orders%ROWTYPE;
  v_version bigint;
  v_stage text;
  v_short jsonb := '[]'::jsonb;
  v_move record;
  v_moved text[] := '{}';
BEGIN
  SELECT * INTO o FROM orders WHERE number = p_number FOR UPDATE;
  IF o.id IS NULL OR (p_scope IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM companies c WHERE c.id = o.company_id AND c.sales_rep_id = p_scope)) THEN
    RETURN jsonb_build_object('status', 'not_found');
  END IF;
  IF o.version <> p_version THEN
    RETURN jsonb_build_object('status', 'stale');
  END IF;
  SELECT stage INTO v_stage FROM order_events WHERE order_id = o.id ORDER BY created_at DESC, id DESC LIMIT 1;
  IF v_stage IS DISTINCT FROM 'placed' THEN
    RETURN jsonb_build_object('status', 'shipped');
  END IF;
  -- The pending lines are the ones the change was made from (sku and quantity).
  IF (SELECT coalesce(jsonb_object_agg(i.sku, i.quantity), '{}') FROM (
        SELECT sku, quantity FROM order_items WHERE order_id = o.id AND status = 'pending' FOR UPDATE
      ) i)
    IS DISTINCT FROM (p_order->'was') THEN
    RETURN jsonb_build_object('status', 'stale');
  END IF;

  v_version := order_judged_current(o.company_id, o.location_id, p_now, p_check);
  IF v_version IS NULL OR (
    SELECT coalesce(jsonb_agg(
      jsonb_build_array(v.id, (l->>'quantity')::integer, p.price_cents, p.discount_price_cents,
        p.discount_percentage::real, p.compliance, v.compliance, v.min_quantity, v.order_increment,
        v.max_quantity)
      ORDER BY v.id
    ), '[]')
    FROM jsonb_array_elements(p_lines) l
    JOIN variants v ON v.id = (l->>'variant_id')::integer
    JOIN products p ON p.id = v.product_id
  ) IS DISTINCT FROM lines_as_priced(p_lines) THEN
    RETURN jsonb_build_object('status', 'changed');
  END IF;

  -- Stock by each option's difference, in option order (as fill_order takes it, so concurrent
  -- changes and orders lock rows in one order): returned, or taken only while enough is left.
  FOR v_move IN
    SELECT coalesce(n.variant_id, w.variant_id) AS variant_id,
      coalesce(n.quantity, 0) - coalesce(w.quantity, 0) AS delta
    FROM (SELECT (l->>'variant_id')::integer AS variant_id, (l->>'quantity')::integer AS quantity
          FROM jsonb_array_elements(p_lines) l) n
    FULL JOIN (SELECT variant_id, sum(quantity)::integer AS quantity FROM order_items
               WHERE order_id = o.id AND status = 'pending' AND variant_id IS NOT NULL GROUP BY variant_id) w
      ON w.variant_id = n.variant_id
    ORDER BY 1
  LOOP
    IF v_move.delta <> 0 THEN
      v_moved := v_moved || v_move.variant_id::text;
    END IF;
    IF v_move.delta < 0 THEN
      UPDATE variants SET stock = stock - v_move.delta WHERE id = v_move.variant_id;
    ELSIF v_move.delta > 0 THEN
      UPDATE variants SET stock = stock - v_move.delta WHERE id = v_move.variant_id AND stock >= v_move.delta;
      IF NOT FOUND THEN
        v_short := v_short || to_jsonb(v_move.variant_id);
      END IF;
    END IF;
  END LOOP;
  IF jsonb_array_length(v_short) > 0 THEN
    RAISE EXCEPTION 'not_enough_stock:%', v_short::text;
  END IF;

  DELETE FROM order_items WHERE order_id = o.id AND status = 'pending';
  INSERT INTO order_items (
    order_id, variant_id, sku, product_name, variant_name, image_url, unit_price_cents, quantity,
    category_slug, brand_slug, product_slug, brand_name, compliance, excise_cents, selling_unit
  )
  SELECT o.id, (l->>'variant_id')::integer, l->>'sku', l->>'product_name', l->>'variant_name',
    l->>'image_url', (l->>'unit_price_cents')::integer, (l->>'quantity')::integer,
    l->>'category_slug', l->>'brand_slug', l->>'product_slug', l->>'brand_name', l->'compliance',
    (l->>'excise_cents')::integer, coalesce(l->>'selling_unit', '')
  FROM jsonb_array_elements(p_lines) l;

  UPDATE orders SET
    shipping_type = p_order->>'shipping_type',
    shipping_cents = (p_order->>'shipping_cents')::integer,
    carrier = p_order->>'carrier',
    subtotal_cents = (p_order->>'subtotal_cents')::integer,
    excise_cents = (p_order->>'excise_cents')::integer,
    total_cents = (p_order->>'total_cents')::integer,
    compliance_version = v_version,
    version = o.version + 1
  WHERE id = o.id;
  INSERT INTO order_revisions (order_id, version, staff_id, reason, changes, total_before_cents,
    total_after_cents, created_at)
  VALUES (o.id, o.version + 1, p_staff, p_revision->>'reason', p_revision->'changes', o.total_cents,
    (p_order->>'total_cents')::integer, p_now);
  INSERT INTO audit_log (actor_id, action, entity, entity_id, before, after, created_at) VALUES (
    p_staff, 'order.changed', 'order', o.number,
    jsonb_build_object('version', o.version, 'total_cents', o.total_cents),
    jsonb_build_object('version', o.version + 1, 'total_cents', (p_order->>'total_cents')::integer,
      'reason', p_revision->>'reason', 'changes', p_revision->'changes'),
    p_now
  );

  INSERT INTO outbox ("to", subject, text, html, created_at, next_attempt_at)
  SELECT m->>'to', m->>'subject', m->>'text', m->>'html', p_now, p_now
  FROM jsonb_array_elements(p_mail->'to') m;
  INSERT INTO change_events (channel, payload)
  SELECT 'user_events', json_build_object('userId', u, 'type', 'orders')::text
  FROM (SELECT m.user_id AS u FROM company_members m WHERE m.company_id = o.company_id AND m.removed_at IS NULL
        UNION SELECT o.user_id) x;
  IF cardinality(v_moved) > 0 THEN
    INSERT INTO change_events (channel, payload) VALUES ('stock_changed', array_to_string(v_moved, ','));
  END IF;
  RETURN jsonb_build_object('status', 'done', 'version', o.version + 1, 'number', o.number);
END
$$;
