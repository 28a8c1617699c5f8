-- request_approval: place_order's turn for a buyer's order over their limit (decision 015, step 4),
-- inside place_order's transaction, after every check an order passes (session, company, rules,
-- licences, group, the cart at the catalogue's prices, the unverified cap).
--
-- The order waits for an owner as an order request: it takes its number from the orders' sequence
-- (the order made on approval keeps it), takes no stock, empties the cart as an order would, mails
-- each active owner (p_mail->'approval', [[ORDER_NUMBER]] and [[LIMIT]] filled in: the limit is the
-- one read under lock, whatever the app remembered) and tells the buyer's cart and every member's
-- orders pages. A key that already made an order is that order ('duplicate'). The location asked
-- for is kept in `shipping` too, so that approving a request whose location was removed since is
-- refused rather than judged as the company's.
CREATE OR REPLACE FUNCTION request_approval(
  p_user uuid,
  p_company uuid,
  p_location uuid,
  p_location_name text,
  p_limit integer,
  p_key text,
  p_now timestamptz,
  p_order jsonb,
  p_lines jsonb,
  p_mail jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_number text;
  v_id uuid;
  -- The app builds it for every buyer; a session remembered from before a change of role may not
  -- have: then a plain one, never a mail without a subject.
  v_mail jsonb := coalesce(p_mail->'approval', jsonb_build_object(
    'subject', 'Order [[ORDER_NUMBER]] waits for your approval',
    'text', 'Order [[ORDER_NUMBER]] is over its buyer''s order limit of [[LIMIT]] and waits for your approval.',
    'html', '<p>Order [[ORDER_NUMBER]] is over its buyer''s order limit of [[LIMIT]] and waits for your approval.</p>'));
  v_limit text := '$' || to_char(p_limit / 100.0, 'FM999,999,999,990.00');
BEGIN
  IF EXISTS (SELECT 1 FROM orders WHERE user_id = p_user AND idempotency_key = p_key) THEN
    RETURN jsonb_build_object('status', 'duplicate');
  END IF;
  v_number := 'SS-' || nextval('order_number_seq');
  INSERT INTO order_requests (
    number, company_id, user_id, location_id, idempotency_key, shipping, lines, subtotal_cents,
    shipping_cents, excise_cents, total_cents, limit_cents, created_at
  ) VALUES (
    v_number, p_company, p_user, p_location, p_key,
    p_order || jsonb_build_object('location_id', p_location), p_lines,
    (p_order->>'subtotal_cents')::integer, (p_order->>'shipping_cents')::integer,
    (p_order->>'excise_cents')::integer, (p_order->>'total_cents')::integer, p_limit, p_now
  )
  ON CONFLICT (user_id, idempotency_key) DO NOTHING
  RETURNING id INTO v_id;
  IF v_id IS NULL THEN
    RETURN jsonb_build_object('status', 'duplicate');
  END IF;

  DELETE FROM cart_items WHERE user_id = p_user;
  INSERT INTO outbox ("to", subject, text, html, created_at, next_attempt_at)
  SELECT u.email,
    replace(replace(v_mail->>'subject', '[[ORDER_NUMBER]]', v_number), '[[LIMIT]]', v_limit),
    replace(replace(v_mail->>'text', '[[ORDER_NUMBER]]', v_number), '[[LIMIT]]', v_limit),
    replace(replace(v_mail->>'html', '[[ORDER_NUMBER]]', v_number), '[[LIMIT]]', v_limit),
    p_now,
    p_now
  FROM company_members m JOIN users u ON u.id = m.user_id
  WHERE m.company_id = p_company AND m.role = 'owner' AND m.removed_at IS NULL AND u.disabled_at IS NULL
  ORDER BY u.email;
  INSERT INTO change_events (channel, payload)
  SELECT 'user_events', json_build_object('userId', m.user_id, 'type', 'orders')::text
  FROM company_members m WHERE m.company_id = p_company AND m.removed_at IS NULL;
  INSERT INTO change_events (channel, payload) VALUES
    ('user_events', json_build_object('userId', p_user, 'type', 'cart')::text);
  RETURN jsonb_build_object('status', 'awaiting', 'id', v_id, 'number', v_number,
    'location', CASE WHEN p_location IS NULL THEN NULL
      ELSE jsonb_build_object('id', p_location, 'name', p_location_name) END);
END
$$;
