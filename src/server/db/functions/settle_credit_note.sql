-- settle_credit_note: a credit note just issued pays what its order's invoices still owe (the first,
-- then supplementary ones, oldest first); the rest is credit on the company's account (decision
-- 017), which later invoices take (apply_account_credit) or staff pay back (a refund).
CREATE OR REPLACE FUNCTION settle_credit_note(
  p_credit_note uuid,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_left integer;
  v_take integer;
  inv record;
BEGIN
  SELECT open_cents INTO v_left FROM invoice_balances WHERE invoice_id = p_credit_note FOR UPDATE;
  -- The order's invoices are locked in invoice id order, the order every writer takes them in.
  PERFORM 1 FROM invoices i JOIN invoice_balances b ON b.invoice_id = i.id
  WHERE i.order_id = (SELECT order_id FROM invoices WHERE id = p_credit_note) AND i.kind = 'invoice'
  ORDER BY b.invoice_id
  FOR UPDATE OF b;
  FOR inv IN
    SELECT b.invoice_id, b.open_cents FROM invoices i
    JOIN invoice_balances b ON b.invoice_id = i.id
    WHERE i.order_id = (SELECT order_id FROM invoices WHERE id = p_credit_note)
      AND i.kind = 'invoice' AND b.open_cents > 0
    ORDER BY i.issued_at, i.number
  LOOP
    EXIT WHEN v_left = 0;
    v_take := least(v_left, inv.open_cents);
    PERFORM allocate(inv.invoice_id, NULL, p_credit_note, v_take, p_now);
    v_left := v_left - v_take;
  END LOOP;
END
$$;
