-- place_order: an order in one statement, so in one transaction (orders.service.ts calls it).
--
-- This file is the function's definition: the database's migrate step applies every file in
-- db/functions after the migrations (client.ts, applyFunctions), with CREATE OR REPLACE, so a
-- change to the function is a change to this file and its diff. The migrations that wrote it
-- before (0008, 0012, 0018, 0020, 0023, 0025) stay as history. A change of its parameters needs a
-- migration that drops the old signature first (as 0025 did), since CREATE OR REPLACE cannot.
--
-- In order, it returns early with a status the app acts on, or places the order:
--  * 'session'   the session taken from memory on trust (p_session) is gone, expired, idle too
--                long, or its buyer (or their company) disabled, unverified, renamed or
--                re-addressed, or no longer a member who orders (a viewer: decision 015, step 3);
--                NULL skips it;
--  * no_company  raised: the user is no active member of an enabled company (staff; decision 015);
--  * 'changed'   the compliance rules, the buyer's verified licences, their customer group and
--                its price list, or the cart's lines at the catalogue's prices and attributes are
--                not what the lines were judged and priced by (the app judges them again);
--  * 'over_cap'  an unverified buyer's subtotal is over the cap (p_cap);
--  * 'duplicate' this idempotency key already made an order;
--  * 'created'   stock taken (or 'not_enough_stock:[ids]' raised, undoing it all), items, the
--                'placed' event, the cart emptied, the confirmation mail queued with its number
--                (and p_mail->'staff' to each staff member who chose new-order mail), and the
--                change feed told of the cart and the stock.
CREATE OR REPLACE FUNCTION place_order(
  p_user uuid,
  p_key text,
  p_now timestamptz,
  p_order jsonb,
  p_lines jsonb,
  p_cap integer,
  p_mail jsonb,
  p_check jsonb,
  p_session jsonb DEFAULT NULL
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_version bigint;
  v_order_id uuid;
  v_number text;
  v_short jsonb := '[]'::jsonb;
  v_line jsonb;
  v_session_id integer;
  v_seen timestamptz;
  v_company uuid;
BEGIN
  IF p_session IS NOT NULL THEN
    SELECT s.id, s.last_seen_at INTO v_session_id, v_seen
    FROM sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = p_session->>'hash' AND s.user_id = p_user
      AND s.expires_at > p_now AND s.last_seen_at >= (p_session->>'idleAfter')::timestamptz
      AND u.disabled_at IS NULL AND u.email_verified_at IS NOT NULL
      AND u.email = p_session->>'email' AND u.name = p_session->>'name'
      AND (u.role = 'staff' OR EXISTS (
        SELECT 1 FROM company_members m JOIN companies c ON c.id = m.company_id
        WHERE m.user_id = u.id AND m.removed_at IS NULL AND c.disabled_at IS NULL
          AND m.role IN ('owner', 'buyer')
      ));
    IF v_session_id IS NULL THEN
      RETURN jsonb_build_object('status', 'session');
    END IF;
    IF v_seen < (p_session->>'touchBefore')::timestamptz THEN
      UPDATE sessions SET last_seen_at = p_now WHERE id = v_session_id;
    END IF;
  END IF;

  -- The company the order is for: the buyer's, while they are a member and it is enabled (both
  -- rows held until this commits: a removal or a disable waits for the order, or comes first).
  -- None: raised, not returned, so that the release before (which knows no such status) fails
  -- instead of taking it for an order.
  SELECT m.company_id INTO v_company
  FROM company_members m JOIN companies c ON c.id = m.company_id
  WHERE m.user_id = p_user AND m.removed_at IS NULL AND c.disabled_at IS NULL
  FOR SHARE OF m, c;
  IF v_company IS NULL THEN
    RAISE EXCEPTION 'no_company';
  END IF;

  -- The rules, listings and rates the lines were judged by are still the current ones, and stay
  -- so until this commits: a rule change waits for this order, or this order sees its version
  -- and is judged again.
  SELECT version INTO v_version FROM compliance_version WHERE id = 1 FOR SHARE;
  IF v_version IS DISTINCT FROM (p_check->>'version')::bigint THEN
    RETURN jsonb_build_object('status', 'changed');
  END IF;
  -- The company's verified, unexpired licences are the states the lines were judged with.
  IF (
    SELECT coalesce(jsonb_agg(s ORDER BY s), '[]'::jsonb) FROM (
      SELECT DISTINCT issuing_state AS s FROM documents
      WHERE company_id = v_company AND location_id IS NULL AND kind = 'tobacco_license' AND status = 'verified'
        AND issuing_state IS NOT NULL
        AND (expires_on IS NULL OR expires_on >= to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
    ) d
  ) IS DISTINCT FROM (p_check->'licences') THEN
    RETURN jsonb_build_object('status', 'changed');
  END IF;

  -- The company's customer group and its price list's version are the ones the lines were priced by.
  IF (
    SELECT jsonb_build_object('id', g.id, 'version', g.version)
    FROM company_groups m JOIN customer_groups g ON g.id = m.group_id
    WHERE m.company_id = v_company
    FOR SHARE OF m, g
  ) IS DISTINCT FROM nullif(p_check->'group', 'null'::jsonb) THEN
    RETURN jsonb_build_object('status', 'changed');
  END IF;

  -- The cart as it is now (rows locked) at the catalogue's prices and compliance attributes,
  -- against the lines priced and judged.
  IF (
    SELECT coalesce(jsonb_agg(
      jsonb_build_array(c.variant_id, c.quantity, p.price_cents, p.discount_price_cents,
        p.discount_percentage::real, p.compliance, v.compliance, v.min_quantity, v.order_increment,
        v.max_quantity)
      ORDER BY c.variant_id
    ), '[]')
    FROM (
      SELECT variant_id, quantity FROM cart_items WHERE user_id = p_user ORDER BY variant_id FOR UPDATE
    ) c
    JOIN variants v ON v.id = c.variant_id
    JOIN products p ON p.id = v.product_id
  ) IS DISTINCT FROM (
    SELECT coalesce(jsonb_agg(
      jsonb_build_array((l->>'variant_id')::integer, (l->>'quantity')::integer,
        (l->>'price_cents')::integer, (l->>'discount_price_cents')::integer,
        (l->>'discount_percentage')::real, l->'product_compliance', l->'variant_compliance',
        (l->>'min_quantity')::integer, (l->>'order_increment')::integer, (l->>'max_quantity')::integer)
      ORDER BY (l->>'variant_id')::integer
    ), '[]')
    FROM jsonb_array_elements(p_lines) l
  ) THEN
    RETURN jsonb_build_object('status', 'changed');
  END IF;

  IF p_cap IS NOT NULL AND (p_order->>'subtotal_cents')::integer > p_cap AND (
    SELECT count(DISTINCT kind) FROM documents
    WHERE company_id = v_company AND location_id IS NULL AND status = 'verified' AND kind IN ('sales_id', 'tobacco_license')
      AND (expires_on IS NULL OR expires_on::date >= p_now::date)
  ) < 2 THEN
    RETURN jsonb_build_object('status', 'over_cap');
  END IF;

  v_number := 'SS-' || nextval('order_number_seq');
  INSERT INTO orders (
    number, user_id, company_id, idempotency_key, shipping_type, ship_name, ship_business_name, ship_address,
    ship_city, ship_state, ship_postal_code, comments, subtotal_cents, shipping_cents, excise_cents,
    total_cents, carrier, compliance_version, created_at
  ) VALUES (
    v_number, p_user, v_company, p_key, p_order->>'shipping_type', p_order->>'ship_name',
    p_order->>'ship_business_name', p_order->>'ship_address', p_order->>'ship_city',
    p_order->>'ship_state', p_order->>'ship_postal_code', p_order->>'comments',
    (p_order->>'subtotal_cents')::integer, (p_order->>'shipping_cents')::integer,
    (p_order->>'excise_cents')::integer, (p_order->>'total_cents')::integer, p_order->>'carrier',
    v_version, p_now
  )
  ON CONFLICT (user_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_order_id;
  IF v_order_id IS NULL THEN
    RETURN jsonb_build_object('status', 'duplicate');
  END IF;

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
  SELECT v_order_id, (l->>'variant_id')::integer, l->>'sku', l->>'product_name', l->>'variant_name',
    l->>'image_url', (l->>'unit_price_cents')::integer, (l->>'quantity')::integer,
    l->>'category_slug', l->>'brand_slug', l->>'product_slug', l->>'brand_name', l->'compliance',
    (l->>'excise_cents')::integer, coalesce(l->>'selling_unit', '')
  FROM jsonb_array_elements(p_lines) l;
  INSERT INTO order_events (order_id, stage, created_at) VALUES (v_order_id, 'placed', p_now);
  DELETE FROM cart_items WHERE user_id = p_user;
  INSERT INTO outbox ("to", subject, text, html, created_at, next_attempt_at)
  VALUES (
    p_mail->>'to',
    replace(p_mail->>'subject', '[[ORDER_NUMBER]]', v_number),
    replace(p_mail->>'text', '[[ORDER_NUMBER]]', v_number),
    replace(p_mail->>'html', '[[ORDER_NUMBER]]', v_number),
    p_now,
    p_now
  );
  -- Staff who chose new-order mail each get the notice (p_mail->'staff', no recipient of its own).
  IF p_mail ? 'staff' THEN
    INSERT INTO outbox ("to", subject, text, html, created_at, next_attempt_at)
    SELECT u.email,
      replace(p_mail->'staff'->>'subject', '[[ORDER_NUMBER]]', v_number),
      replace(p_mail->'staff'->>'text', '[[ORDER_NUMBER]]', v_number),
      replace(p_mail->'staff'->>'html', '[[ORDER_NUMBER]]', v_number),
      p_now,
      p_now
    FROM staff_notifications n JOIN users u ON u.id = n.user_id
    WHERE n.new_orders AND u.role = 'staff' AND u.disabled_at IS NULL
    ORDER BY u.email;
  END IF;

  INSERT INTO change_events (channel, payload) VALUES
    ('user_events', json_build_object('userId', p_user, 'type', 'cart')::text),
    ('stock_changed', (SELECT string_agg(value->>'variant_id', ',') FROM jsonb_array_elements(p_lines)));
  RETURN jsonb_build_object('status', 'created', 'id', v_order_id, 'number', v_number);
END
$$;
