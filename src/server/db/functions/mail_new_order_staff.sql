-- mail_new_order_staff: inside an order's transaction, the new-order notice (p_mail->'staff', no
-- recipient of its own, [[ORDER_NUMBER]] filled in) to each staff member who chose new-order mail.
CREATE OR REPLACE FUNCTION mail_new_order_staff(
  p_mail jsonb,
  p_number text,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_mail ? 'staff' THEN
    INSERT INTO outbox ("to", subject, text, html, created_at, next_attempt_at)
    SELECT u.email,
      replace(p_mail->'staff'->>'subject', '[[ORDER_NUMBER]]', p_number),
      replace(p_mail->'staff'->>'text', '[[ORDER_NUMBER]]', p_number),
      replace(p_mail->'staff'->>'html', '[[ORDER_NUMBER]]', p_number),
      p_now,
      p_now
    FROM staff_notifications n JOIN users u ON u.id = n.user_id
    WHERE n.new_orders AND u.role = 'staff' AND u.disabled_at IS NULL
    ORDER BY u.email;
  END IF;
END
$$;
