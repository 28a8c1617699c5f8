-- mail_new_order_staff: inside an order's transaction, the new-order notice (p_mail->'staff', no
-- recipient of its own, [[ORDER_NUMBER]] filled in) to each staff member who chose new-order mail
-- and whose role reads orders (decision 016): p_mail->'staffAudience'->'roles' names those roles,
-- and ->'ownCompaniesOnly' those (sales) told only of the orders of companies naming them their rep.
-- A notice without the lists (the release before) goes to everyone who chose it, as it did.
CREATE OR REPLACE FUNCTION mail_new_order_staff(
  p_mail jsonb,
  p_number text,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_rep uuid;
BEGIN
  IF p_mail ? 'staff' THEN
    SELECT c.sales_rep_id INTO v_rep FROM orders o JOIN companies c ON c.id = o.company_id
    WHERE o.number = p_number;
    INSERT INTO outbox ("to", subject, text, html, created_at, next_attempt_at)
    SELECT u.email,
      replace(p_mail->'staff'->>'subject', '[[ORDER_NUMBER]]', p_number),
      replace(p_mail->'staff'->>'text', '[[ORDER_NUMBER]]', p_number),
      replace(p_mail->'staff'->>'html', '[[ORDER_NUMBER]]', p_number),
      p_now,
      p_now
    FROM staff_notifications n JOIN users u ON u.id = n.user_id
    WHERE n.new_orders AND u.role = 'staff' AND u.disabled_at IS NULL
      AND (NOT (p_mail ? 'staffAudience') OR (
        p_mail->'staffAudience'->'roles' ? u.staff_role
        AND (NOT (p_mail->'staffAudience'->'ownCompaniesOnly' ? u.staff_role) OR v_rep = u.id)
      ))
    ORDER BY u.email;
  END IF;
END
$$;
