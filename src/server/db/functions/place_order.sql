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
--  * 'location'  the location asked for (p_order->>'location_id') is not the company's, or a
--                delivery's state is not that location's (removed or changed since checkout);
--  * 'changed'   the compliance rules, the buyer's verified licences, their customer group and
--                its price list, or the cart's lines at the catalogue's prices and attributes are
--                not what the lines were judged and priced by (the app judges them again);
--  * 'over_cap'  an unverified buyer's subtotal is over the cap (p_cap);
--  * viewer_cannot_order  raised: the member's role is viewer (decision 015, step 4);
--  * 'duplicate' this idempotency key already made an order (or a request);
--  * 'awaiting'  a buyer's order over their limit: an order request waiting for an owner (with its
--                number): no stock taken, the cart emptied, each owner mailed (p_mail->'approval');
--  * 'created'   (with the location's id and name) stock taken (or 'not_enough_stock:[ids]' raised, undoing it all), items, the
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
  v_session_id integer;
  v_seen timestamptz;
  v_company uuid;
  v_location uuid;
  v_location_state text;
  v_location_name text;
  v_role text;
  v_limit integer;
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
  SELECT m.company_id, m.role, m.order_limit_cents INTO v_company, v_role, v_limit
  FROM company_members m JOIN companies c ON c.id = m.company_id
  WHERE m.user_id = p_user AND m.removed_at IS NULL AND c.disabled_at IS NULL
  FOR SHARE OF m, c;
  IF v_company IS NULL THEN
    RAISE EXCEPTION 'no_company';
  END IF;
  IF v_role = 'viewer' THEN
    RAISE EXCEPTION 'viewer_cannot_order';
  END IF;

  -- The location the order is for (held until this commits: removing it waits for the order): the
  -- one asked for, which must be the company's and, for a delivery, where it goes; else the
  -- company's default (the release before asks for none).
  IF p_order->>'location_id' IS NOT NULL THEN
    SELECT a.id, a.state, coalesce(nullif(a.name, ''), a.street_address)
    INTO v_location, v_location_state, v_location_name FROM addresses a
    WHERE a.id = (p_order->>'location_id')::uuid AND a.company_id = v_company
    FOR SHARE;
    IF v_location IS NULL OR (p_order->>'shipping_type' = 'Shiptoaddress'
        AND v_location_state IS DISTINCT FROM p_order->>'ship_state') THEN
      RETURN jsonb_build_object('status', 'location');
    END IF;
  ELSE
    SELECT a.id, coalesce(nullif(a.name, ''), a.street_address) INTO v_location, v_location_name
    FROM addresses a WHERE a.company_id = v_company AND a.is_default FOR SHARE;
  END IF;

  -- The rules, the location's licences and the company's group are still the ones the lines were
  -- judged and priced by (held until this commits), else judge again.
  v_version := order_judged_current(v_company, v_location, p_now, p_check);
  IF v_version IS NULL THEN
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
  ) IS DISTINCT FROM lines_as_priced(p_lines) THEN
    RETURN jsonb_build_object('status', 'changed');
  END IF;

  IF p_cap IS NOT NULL AND (p_order->>'subtotal_cents')::integer > p_cap
      AND documents_verified_for(v_company, v_location, p_now) < 2 THEN
    RETURN jsonb_build_object('status', 'over_cap');
  END IF;

  -- A buyer with a limit: a key that already made a request is that request (one probe, only for
  -- them), and an order over the limit waits for an owner.
  IF v_limit IS NOT NULL THEN
    IF EXISTS (SELECT 1 FROM order_requests WHERE user_id = p_user AND idempotency_key = p_key) THEN
      RETURN jsonb_build_object('status', 'duplicate');
    END IF;
    IF (p_order->>'total_cents')::integer > v_limit THEN
      RETURN request_approval(p_user, v_company, v_location, v_location_name, v_limit, p_key, p_now,
        p_order, p_lines, p_mail);
    END IF;
  END IF;

  v_number := 'SS-' || nextval('order_number_seq');
  INSERT INTO orders (
    number, user_id, company_id, location_id, idempotency_key, shipping_type, ship_name, ship_business_name, ship_address,
    ship_city, ship_state, ship_postal_code, comments, subtotal_cents, shipping_cents, excise_cents,
    total_cents, carrier, compliance_version, created_at
  ) VALUES (
    v_number, p_user, v_company, v_location, p_key, p_order->>'shipping_type', p_order->>'ship_name',
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

  PERFORM fill_order(v_order_id, p_lines, p_now);
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
  PERFORM mail_new_order_staff(p_mail, v_number, p_now);

  INSERT INTO change_events (channel, payload) VALUES
    ('user_events', json_build_object('userId', p_user, 'type', 'cart')::text),
    ('stock_changed', (SELECT string_agg(value->>'variant_id', ',') FROM jsonb_array_elements(p_lines)));
  RETURN jsonb_build_object('status', 'created', 'id', v_order_id, 'number', v_number,
    'location', CASE WHEN v_location IS NULL THEN NULL
      ELSE jsonb_build_object('id', v_location, 'name', v_location_name) END);
END
$$;
