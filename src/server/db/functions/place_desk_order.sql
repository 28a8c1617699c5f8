-- place_desk_order: an order taken at the desk by a staff member for a company (decision 016,
-- part 2), in one statement, so in one transaction (desk-place.service.ts calls it). It runs the
-- buyer's checks and steps (order_judged_current, lines_as_priced, documents_verified_for,
-- fill_order, mail_new_order_staff) on the staff member's draft where place_order runs them on a
-- buyer's cart: one set of rules, whoever places the order.
--
-- In order, it returns early with a status the app acts on, or places the order:
--  * 'gone'      the staff member has no draft for the company now (a twin press placed it, or it
--                was discarded): the app looks for the order its key made;
--  * 'draft'     the draft is not at the version the page showed (changed in another tab);
--  * 'quote_accepted', 'quote_open'  the draft was opened from a quote the company has accepted,
--                or can still accept (sent, not expired): placing it would make a second order of it;
--  * 'company'   the company is disabled, or (p_scope, a sales rep) no longer the rep's;
--  * 'location'  the location is not the company's, or a delivery's state is not that location's;
--  * 'changed'   the rules, the location's licenses, the company's group and its price list, or the
--                draft's lines at the catalogue's prices and attributes are not what the lines
--                were judged and priced by (the app reads them again);
--  * 'over_cap'  the documents standing for the location are not both verified and the subtotal
--                is over the cap (p_cap);
--  * 'duplicate' this staff member's idempotency key already made an order;
--  * 'created'   stock taken (or 'not_enough_stock:[ids]' raised, undoing it all), items,
--                'placed', a buyer's request the draft answers closed with the order, the draft deleted, audited (order.taken_at_desk), the confirmation to
--                each member of p_mail->'members' still an active member, the staff notice, and
--                the change feed told of every member's orders and of the stock.
CREATE OR REPLACE FUNCTION place_desk_order(
  p_staff uuid,
  p_company uuid,
  p_version integer,
  p_key text,
  p_now timestamptz,
  p_order jsonb,
  p_lines jsonb,
  p_cap integer,
  p_mail jsonb,
  p_check jsonb,
  p_scope uuid DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  d desk_drafts%ROWTYPE;
  v_version bigint;
  v_order_id uuid;
  v_number text;
  v_location uuid;
  v_location_state text;
  v_quote_status text;
  v_quote_expires date;
BEGIN
  SELECT * INTO d FROM desk_drafts WHERE staff_id = p_staff AND company_id = p_company FOR UPDATE;
  IF d.id IS NULL THEN
    RETURN jsonb_build_object('status', 'gone');
  END IF;
  IF d.version <> p_version THEN
    RETURN jsonb_build_object('status', 'draft');
  END IF;
  -- A draft opened from a quote (decision 016, part 3), the quote held until this commits: one the
  -- company can still accept, or has accepted, is not placed besides (two orders of one quote).
  IF d.quote_id IS NOT NULL THEN
    SELECT status, expires_on INTO v_quote_status, v_quote_expires FROM quotes WHERE id = d.quote_id FOR UPDATE;
    IF v_quote_status = 'accepted' THEN
      RETURN jsonb_build_object('status', 'quote_accepted');
    END IF;
    IF v_quote_status = 'sent' AND v_quote_expires >= (p_now AT TIME ZONE 'UTC')::date THEN
      RETURN jsonb_build_object('status', 'quote_open');
    END IF;
  END IF;
  -- The company stays enabled (and the rep's) until this commits: a disable waits, or comes first.
  PERFORM 1 FROM companies c WHERE c.id = p_company AND c.disabled_at IS NULL
    AND (p_scope IS NULL OR c.sales_rep_id = p_scope)
  FOR SHARE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'company');
  END IF;
  SELECT a.id, a.state INTO v_location, v_location_state FROM addresses a
  WHERE a.id = (p_order->>'location_id')::uuid AND a.company_id = p_company
  FOR SHARE;
  IF v_location IS NULL OR (p_order->>'shipping_type' = 'Shiptoaddress'
      AND v_location_state IS DISTINCT FROM p_order->>'ship_state') THEN
    RETURN jsonb_build_object('status', 'location');
  END IF;

  v_version := order_judged_current(p_company, v_location, p_now, p_check);
  IF v_version IS NULL OR (
    SELECT coalesce(jsonb_agg(
      jsonb_build_array(l.variant_id, l.quantity, p.price_cents, p.discount_price_cents,
        p.discount_percentage::real, p.compliance, v.compliance, v.min_quantity, v.order_increment,
        v.max_quantity)
      ORDER BY l.variant_id
    ), '[]')
    FROM (
      SELECT variant_id, quantity FROM desk_draft_lines WHERE draft_id = d.id ORDER BY variant_id FOR UPDATE
    ) l
    JOIN variants v ON v.id = l.variant_id
    JOIN products p ON p.id = v.product_id
  ) IS DISTINCT FROM lines_as_priced(p_lines) THEN
    RETURN jsonb_build_object('status', 'changed');
  END IF;

  IF (p_order->>'subtotal_cents')::integer > p_cap
      AND documents_verified_for(p_company, v_location, p_now) < 2 THEN
    RETURN jsonb_build_object('status', 'over_cap');
  END IF;

  v_number := 'SS-' || nextval('order_number_seq');
  INSERT INTO orders (
    number, user_id, company_id, location_id, idempotency_key, shipping_type, ship_name,
    ship_business_name, ship_address, ship_city, ship_state, ship_postal_code, comments,
    subtotal_cents, shipping_cents, excise_cents, total_cents, carrier, compliance_version,
    taken_at_desk, internal_note, fee_note, created_at
  ) VALUES (
    v_number, p_staff, p_company, v_location, p_key, p_order->>'shipping_type', p_order->>'ship_name',
    p_order->>'ship_business_name', p_order->>'ship_address', p_order->>'ship_city',
    p_order->>'ship_state', p_order->>'ship_postal_code', p_order->>'comments',
    (p_order->>'subtotal_cents')::integer, (p_order->>'shipping_cents')::integer,
    (p_order->>'excise_cents')::integer, (p_order->>'total_cents')::integer, p_order->>'carrier',
    v_version, true, p_order->>'internal_note', p_order->>'fee_note', p_now
  )
  ON CONFLICT (user_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_order_id;
  IF v_order_id IS NULL THEN
    RETURN jsonb_build_object('status', 'duplicate');
  END IF;

  PERFORM fill_order(v_order_id, p_lines, p_now);
  -- A buyer's request answered by this order is closed with it.
  UPDATE quotes SET status = 'accepted', order_id = v_order_id, decided_at = p_now, decided_by = p_staff,
    updated_at = p_now
  WHERE id = d.quote_id AND status = 'requested';
  DELETE FROM desk_drafts WHERE id = d.id;
  INSERT INTO audit_log (actor_id, action, entity, entity_id, before, after, created_at) VALUES (
    p_staff, 'order.taken_at_desk', 'order', v_number, NULL,
    jsonb_build_object('company', p_company, 'business', p_order->>'ship_business_name',
      'total_cents', (p_order->>'total_cents')::integer,
      'shipping_cents', (p_order->>'shipping_cents')::integer,
      'fee_note', p_order->>'fee_note', 'lines', jsonb_array_length(p_lines)),
    p_now
  );

  INSERT INTO outbox ("to", subject, text, html, created_at, next_attempt_at)
  SELECT m->>'to',
    replace(m->>'subject', '[[ORDER_NUMBER]]', v_number),
    replace(m->>'text', '[[ORDER_NUMBER]]', v_number),
    replace(m->>'html', '[[ORDER_NUMBER]]', v_number),
    p_now,
    p_now
  FROM jsonb_array_elements(p_mail->'members') m
  WHERE EXISTS (
    SELECT 1 FROM company_members cm JOIN users u ON u.id = cm.user_id
    WHERE cm.user_id = (m->>'userId')::uuid AND cm.company_id = p_company AND cm.removed_at IS NULL
      AND u.disabled_at IS NULL
  );
  PERFORM mail_new_order_staff(p_mail, v_number, p_now);

  INSERT INTO change_events (channel, payload)
  SELECT 'user_events', json_build_object('userId', m.user_id, 'type', 'orders')::text
  FROM company_members m WHERE m.company_id = p_company AND m.removed_at IS NULL;
  INSERT INTO change_events (channel, payload) VALUES
    ('stock_changed', (SELECT string_agg(value->>'variant_id', ',') FROM jsonb_array_elements(p_lines)));
  RETURN jsonb_build_object('status', 'created', 'id', v_order_id, 'number', v_number);
END
$$;
