-- approve_order: an owner approves an order request (decision 015, step 4), in one statement, so in
-- one transaction (order-requests.service.ts calls it). The app has judged and priced the lines
-- again (p_lines: those kept, as place_order takes them; p_order: the amounts); this checks that
-- judgement is still current under lock, then makes the order the request stands for.
--
-- In order, it returns early with a status the app acts on, or makes the order:
--  * 'decided'    the request is no longer awaiting (another owner approved or declined it, or its
--                 buyer withdrew it): the request's row is held, so of two owners one wins;
--  * 'not_owner'  the approver is not an active owner of the request's enabled company;
--  * 'buyer_gone' the member who placed it was removed since, or may no longer order (a viewer);
--  * 'location'   the location it was for was removed since (the company's would judge it wrongly);
--  * 'over_cap'   over the unverified buyers' cap (p_cap), the documents standing for its location
--                 not both verified now;
--  * 'key_used'   its idempotency key made an order meanwhile (the buyer's limit was lifted);
--  * 'changed'    the rules, the location's licences, the company's group or the catalogue's prices
--                 and attributes of the lines are not what the app judged them by (judge again);
--  * 'created'    the order, with the request's number, key, buyer, location and ship-to: stock
--                 taken (or 'not_enough_stock:[ids]' raised, undoing it all), items, 'placed', the
--                 request approved and linked, audited (the approver as actor), the buyer's mail
--                 (p_mail) and staff's (p_mail->'staff'), and the change feed told of every member's
--                 orders and of the stock.
CREATE OR REPLACE FUNCTION approve_order(
  p_request uuid,
  p_approver uuid,
  p_now timestamptz,
  p_order jsonb,
  p_lines jsonb,
  p_check jsonb,
  p_mail jsonb,
  p_cap integer
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  r order_requests%ROWTYPE;
  v_version bigint;
  v_order_id uuid;
BEGIN
  SELECT * INTO r FROM order_requests WHERE id = p_request FOR UPDATE;
  IF r.id IS NULL OR r.status <> 'awaiting' THEN
    RETURN jsonb_build_object('status', 'decided');
  END IF;
  PERFORM 1 FROM company_members m JOIN companies c ON c.id = m.company_id
  WHERE m.user_id = p_approver AND m.company_id = r.company_id AND m.role = 'owner'
    AND m.removed_at IS NULL AND c.disabled_at IS NULL
  FOR SHARE OF m, c;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'not_owner');
  END IF;
  PERFORM 1 FROM company_members m JOIN users u ON u.id = m.user_id
  WHERE m.user_id = r.user_id AND m.company_id = r.company_id AND m.removed_at IS NULL
    AND m.role IN ('owner', 'buyer') AND u.disabled_at IS NULL
  FOR SHARE OF m;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'buyer_gone');
  END IF;
  -- The location stays until this commits (removing it waits); one removed since is refused.
  IF r.shipping->>'location_id' IS NOT NULL THEN
    PERFORM 1 FROM addresses WHERE id = (r.shipping->>'location_id')::uuid AND company_id = r.company_id FOR SHARE;
    IF NOT FOUND THEN
      RETURN jsonb_build_object('status', 'location');
    END IF;
  END IF;

  v_version := order_judged_current(r.company_id, r.location_id, p_now, p_check);
  IF v_version IS NULL OR lines_in_catalogue(p_lines) IS DISTINCT FROM lines_as_priced(p_lines) THEN
    RETURN jsonb_build_object('status', 'changed');
  END IF;
  IF p_cap IS NOT NULL AND (p_order->>'subtotal_cents')::integer > p_cap
      AND documents_verified_for(r.company_id, r.location_id, p_now) < 2 THEN
    RETURN jsonb_build_object('status', 'over_cap');
  END IF;

  INSERT INTO orders (
    number, user_id, company_id, location_id, idempotency_key, shipping_type, ship_name,
    ship_business_name, ship_address, ship_city, ship_state, ship_postal_code, comments,
    subtotal_cents, shipping_cents, excise_cents, total_cents, carrier, compliance_version, created_at
  ) VALUES (
    r.number, r.user_id, r.company_id, r.location_id, r.idempotency_key, r.shipping->>'shipping_type',
    r.shipping->>'ship_name', r.shipping->>'ship_business_name', r.shipping->>'ship_address',
    r.shipping->>'ship_city', r.shipping->>'ship_state', r.shipping->>'ship_postal_code',
    r.shipping->>'comments', (p_order->>'subtotal_cents')::integer,
    (p_order->>'shipping_cents')::integer, (p_order->>'excise_cents')::integer,
    (p_order->>'total_cents')::integer, r.shipping->>'carrier', v_version, p_now
  )
  ON CONFLICT (user_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_order_id;
  IF v_order_id IS NULL THEN
    RETURN jsonb_build_object('status', 'key_used');
  END IF;
  PERFORM fill_order(v_order_id, p_lines, p_now);
  UPDATE order_requests
  SET status = 'approved', decided_by = p_approver, decided_at = p_now, order_id = v_order_id
  WHERE id = p_request;
  INSERT INTO audit_log (actor_id, action, entity, entity_id, before, after, created_at) VALUES (
    p_approver, 'order_request.approved', 'order_request', r.number,
    jsonb_build_object('status', 'awaiting', 'total_cents', r.total_cents),
    jsonb_build_object('status', 'approved', 'total_cents', (p_order->>'total_cents')::integer), p_now
  );

  INSERT INTO outbox ("to", subject, text, html, created_at, next_attempt_at)
  VALUES (p_mail->>'to', p_mail->>'subject', p_mail->>'text', p_mail->>'html', p_now, p_now);
  PERFORM mail_new_order_staff(p_mail, r.number, p_now);
  INSERT INTO change_events (channel, payload)
  SELECT 'user_events', json_build_object('userId', m.user_id, 'type', 'orders')::text
  FROM company_members m WHERE m.company_id = r.company_id AND m.removed_at IS NULL;
  INSERT INTO change_events (channel, payload) VALUES
    ('stock_changed', (SELECT string_agg(value->>'variant_id', ',') FROM jsonb_array_elements(p_lines)));
  RETURN jsonb_build_object('status', 'created', 'id', v_order_id, 'number', r.number);
END
$$;
