-- place_quote_order: a member accepts a sent quote (decision 016, part 3), in one statement, so in
-- one transaction (quote-accept.service.ts calls it). The order is made at the quoted prices, with
-- the buyer's and the desk's checks and steps (order_judged_current, lines_as_priced,
-- documents_verified_for, fill_order, mail_new_order_staff): one set of rules, one order
-- transaction, whoever places it. The quote's row is locked first, so it is used once.
--
-- In order, it returns early with a status the app acts on, or places the order:
--  * 'gone'       no quote has this number;
--  * 'company'    the user is no owner or buyer of the quote's company (with a verified email, not
--                 disabled), or the company is disabled;
--  * 'duplicate'  this user's key already made an order (with its number when it is this quote's);
--  * 'closed'     the quote is not sent (accepted, declined, withdrawn);
--  * 'expired'    its last day (expires_on, a UTC day) is past;
--  * 'revised'    it is not at the version the member saw, or a line asked for is not one of its
--                 lines at its quantity and quoted price;
--  * 'location'   its location was removed, or a delivery's state is not that location's;
--  * 'changed'    the rules, the location's licenses, the company's group, or the lines' catalogue
--                 prices and attributes are not what the lines were judged by (the app reads again);
--  * 'over_limit' the member's order limit is under the total (with it);
--  * 'over_cap'   the location's documents are not both verified and the subtotal is over p_cap;
--  * 'created'    stock taken (or 'not_enough_stock:[ids]' raised, undoing it all), items, 'placed',
--                 the quote accepted with its order, audited (quote.accepted), the buyer's
--                 confirmation, the quote's staff member's and the staff's new-order mail, and the
--                 change feed told of every member's orders and of the stock.
CREATE OR REPLACE FUNCTION place_quote_order(
  p_user uuid,
  p_number text,
  p_version integer,
  p_key text,
  p_now timestamptz,
  p_order jsonb,
  p_lines jsonb,
  p_cap integer,
  p_mail jsonb,
  p_check jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  q quotes%ROWTYPE;
  v_company uuid;
  v_role text;
  v_limit integer;
  v_version bigint;
  v_order_id uuid;
  v_number text;
  v_location uuid;
  v_location_state text;
BEGIN
  SELECT * INTO q FROM quotes WHERE number = p_number FOR UPDATE;
  IF q.id IS NULL THEN
    RETURN jsonb_build_object('status', 'gone');
  END IF;
  SELECT m.company_id, m.role, m.order_limit_cents INTO v_company, v_role, v_limit
  FROM company_members m JOIN companies c ON c.id = m.company_id JOIN users u ON u.id = m.user_id
  WHERE m.user_id = p_user AND m.removed_at IS NULL AND c.disabled_at IS NULL
    AND u.disabled_at IS NULL AND u.email_verified_at IS NOT NULL
  FOR SHARE OF m, c;
  IF v_company IS DISTINCT FROM q.company_id OR v_role NOT IN ('owner', 'buyer') THEN
    RETURN jsonb_build_object('status', 'company');
  END IF;
  SELECT number INTO v_number FROM orders WHERE user_id = p_user AND idempotency_key = p_key;
  IF v_number IS NOT NULL THEN
    RETURN jsonb_build_object('status', 'duplicate', 'number',
      CASE WHEN q.order_id IS NOT NULL AND v_number = (SELECT number FROM orders WHERE id = q.order_id)
        THEN v_number END);
  END IF;
  IF q.status <> 'sent' THEN
    RETURN jsonb_build_object('status', 'closed');
  END IF;
  IF q.expires_on < (p_now AT TIME ZONE 'UTC')::date THEN
    RETURN jsonb_build_object('status', 'expired');
  END IF;
  IF q.version <> p_version OR EXISTS (
    SELECT 1 FROM jsonb_array_elements(p_lines) l
    WHERE NOT EXISTS (
      SELECT 1 FROM quote_lines ql WHERE ql.quote_id = q.id
        AND ql.variant_id = (l->>'variant_id')::integer
        AND ql.quantity = (l->>'quantity')::integer
        AND ql.unit_price_cents = (l->>'unit_price_cents')::integer
    )
  ) THEN
    RETURN jsonb_build_object('status', 'revised');
  END IF;

  SELECT a.id, a.state INTO v_location, v_location_state FROM addresses a
  WHERE a.id = q.location_id AND a.company_id = q.company_id
  FOR SHARE;
  IF v_location IS NULL OR (q.shipping_type = 'Shiptoaddress'
      AND v_location_state IS DISTINCT FROM p_order->>'ship_state') THEN
    RETURN jsonb_build_object('status', 'location');
  END IF;

  v_version := order_judged_current(q.company_id, v_location, p_now, p_check);
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

  IF v_limit IS NOT NULL AND (p_order->>'total_cents')::integer > v_limit THEN
    RETURN jsonb_build_object('status', 'over_limit', 'limit', v_limit);
  END IF;
  IF (p_order->>'subtotal_cents')::integer > p_cap
      AND documents_verified_for(q.company_id, v_location, p_now) < 2 THEN
    RETURN jsonb_build_object('status', 'over_cap');
  END IF;

  v_number := 'SS-' || nextval('order_number_seq');
  INSERT INTO orders (
    number, user_id, company_id, location_id, idempotency_key, shipping_type, ship_name,
    ship_business_name, ship_address, ship_city, ship_state, ship_postal_code, comments,
    subtotal_cents, shipping_cents, excise_cents, total_cents, carrier, compliance_version,
    internal_note, fee_note, quote_number, created_at
  ) VALUES (
    v_number, p_user, q.company_id, v_location, p_key, q.shipping_type, p_order->>'ship_name',
    p_order->>'ship_business_name', p_order->>'ship_address', p_order->>'ship_city',
    p_order->>'ship_state', p_order->>'ship_postal_code', q.buyer_note,
    (p_order->>'subtotal_cents')::integer, (p_order->>'shipping_cents')::integer,
    (p_order->>'excise_cents')::integer, (p_order->>'total_cents')::integer, p_order->>'carrier',
    v_version, q.internal_note, q.fee_note, q.number, p_now
  )
  ON CONFLICT (user_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_order_id;
  IF v_order_id IS NULL THEN
    RETURN jsonb_build_object('status', 'duplicate');
  END IF;

  PERFORM fill_order(v_order_id, p_lines, p_now);
  UPDATE quotes SET status = 'accepted', order_id = v_order_id, decided_at = p_now,
    decided_by = p_user, updated_at = p_now
  WHERE id = q.id;
  INSERT INTO audit_log (actor_id, action, entity, entity_id, before, after, created_at) VALUES (
    p_user, 'quote.accepted', 'quote', q.number, jsonb_build_object('status', 'sent'),
    jsonb_build_object('status', 'accepted', 'order', v_number,
      'total_cents', (p_order->>'total_cents')::integer,
      'lines', jsonb_array_length(p_lines),
      'left_out', (SELECT count(*) FROM quote_lines WHERE quote_id = q.id) - jsonb_array_length(p_lines)),
    p_now
  );

  INSERT INTO outbox ("to", subject, text, html, created_at, next_attempt_at)
  SELECT m->>'to',
    replace(m->>'subject', '[[ORDER_NUMBER]]', v_number),
    replace(m->>'text', '[[ORDER_NUMBER]]', v_number),
    replace(m->>'html', '[[ORDER_NUMBER]]', v_number),
    p_now,
    p_now
  FROM jsonb_array_elements(p_mail->'direct') m;
  INSERT INTO outbox ("to", subject, text, html, created_at, next_attempt_at)
  SELECT u.email,
    replace(p_mail->'quote'->>'subject', '[[ORDER_NUMBER]]', v_number),
    replace(p_mail->'quote'->>'text', '[[ORDER_NUMBER]]', v_number),
    replace(p_mail->'quote'->>'html', '[[ORDER_NUMBER]]', v_number),
    p_now,
    p_now
  FROM users u
  WHERE p_mail ? 'quote' AND u.id = q.staff_id AND u.role = 'staff' AND u.disabled_at IS NULL;
  PERFORM mail_new_order_staff(p_mail, v_number, p_now);

  INSERT INTO change_events (channel, payload)
  SELECT 'user_events', json_build_object('userId', m.user_id, 'type', 'orders')::text
  FROM company_members m WHERE m.company_id = q.company_id AND m.removed_at IS NULL;
  INSERT INTO change_events (channel, payload) VALUES
    ('stock_changed', (SELECT string_agg(value->>'variant_id', ',') FROM jsonb_array_elements(p_lines)));
  RETURN jsonb_build_object('status', 'created', 'id', v_order_id, 'number', v_number);
END
$$;
