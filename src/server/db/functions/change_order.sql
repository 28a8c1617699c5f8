-- change_order: staff change a placed order before it ships (decision 016, part 4), in one
-- statement, so in one transaction (order-change-save.service.ts calls it). The app has priced the
-- lines (those that stay at their agreed unit price, new ones at the company's price today) and
-- judged them all again for the order's location and shipping; this checks that judgement is
-- current under lock, then moves the stock by each option's difference and rewrites the pending
-- lines.
--
-- In order, it returns early with a status the app acts on, or changes the order:
--  * 'not_found' no such order (or, p_scope a sales rep, not an order of one of the rep's companies);
--  * 'stale'     the order is not at the version the page showed (every staff change to an order
--                raises it: a stage, an item cancelled), or its pending lines are not the ones the
--                change was worked out from;
--  * 'shipped'   it has moved past "Order placed" (shipped, or cancelled);
--  * 'company'   its company is disabled (held until this commits);
--  * 'changed'   the rules, the location's licenses, the company's group and its price list, or the
--                catalogue rows of the lines are not what they were priced and judged by;
--  * 'over_cap'  the change raises the subtotal over the unverified cap (p_cap) for a location whose
--                documents are not both verified;
--  * 'done'      (with the new version) stock moved (or 'not_enough_stock:[ids]' raised, undoing it
--                all), the pending items replaced, totals and version set, the revision recorded,
--                a credit note or supplementary invoice issued for the difference once the order
--                has its invoice (invoice_order, decision 017), audited (order.changed), each recipient of p_mail->'to' mailed, the change feed
--                told.
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
  p_cap integer,
  p_scope uuid DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  o orders%ROWTYPE;
  v_version bigint;
  v_moved text[];
BEGIN
  SELECT * INTO o FROM orders WHERE number = p_number FOR UPDATE;
  IF o.id IS NULL OR (p_scope IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM companies c WHERE c.id = o.company_id AND c.sales_rep_id = p_scope)) THEN
    RETURN jsonb_build_object('status', 'not_found');
  END IF;
  IF o.version <> p_version OR (
      SELECT coalesce(jsonb_object_agg(coalesce(i.variant_id::text, 'sku:' || i.sku), i.quantity), '{}')
      FROM (SELECT variant_id, sku, quantity FROM order_items
            WHERE order_id = o.id AND status = 'pending' FOR UPDATE) i
    ) IS DISTINCT FROM (p_order->'was') THEN
    RETURN jsonb_build_object('status', 'stale');
  END IF;
  IF (SELECT stage FROM order_events WHERE order_id = o.id ORDER BY created_at DESC, id DESC LIMIT 1)
      IS DISTINCT FROM 'placed' THEN
    RETURN jsonb_build_object('status', 'shipped');
  END IF;
  IF o.company_id IS NOT NULL THEN
    PERFORM 1 FROM companies c WHERE c.id = o.company_id AND c.disabled_at IS NULL FOR SHARE;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('status', 'company');
    END IF;
  END IF;

  v_version := order_judged_current(o.company_id, o.location_id, p_now, p_check);
  IF v_version IS NULL OR lines_in_catalogue(p_lines) IS DISTINCT FROM lines_as_priced(p_lines) THEN
    RETURN jsonb_build_object('status', 'changed');
  END IF;
  IF (p_order->>'subtotal_cents')::integer > greatest(p_cap, o.subtotal_cents)
      AND documents_verified_for(o.company_id, o.location_id, p_now) < 2 THEN
    RETURN jsonb_build_object('status', 'over_cap');
  END IF;

  v_moved := move_order_stock(o.id, p_lines);
  DELETE FROM order_items WHERE order_id = o.id AND status = 'pending';
  PERFORM insert_order_items(o.id, p_lines);
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
  PERFORM invoice_order(o.id, p_now, 'changed', 'Order changed: ' || (p_revision->>'reason'));
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
  RETURN jsonb_build_object('status', 'done', 'version', o.version + 1);
END
$$;
