-- apply_account_credit: a company's credit not yet used (payments' unapplied amounts and credit
-- notes' unused credit, oldest first) pays what it can of an invoice just issued (decision 017:
-- "an overpayment becomes unapplied credit that later invoices use"). Each source is locked and
-- read again before it is taken (a payment voided or applied meanwhile gives what it has left).
CREATE OR REPLACE FUNCTION apply_account_credit(
  p_invoice uuid,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_company uuid;
  v_open integer;
  v_take integer;
  v_left integer;
  src record;
BEGIN
  SELECT company_id, open_cents INTO v_company, v_open FROM invoice_balances
  WHERE invoice_id = p_invoice AND kind = 'invoice';
  IF v_company IS NULL OR v_open IS NULL OR v_open = 0 THEN
    RETURN;
  END IF;
  FOR src IN
    SELECT * FROM (
      SELECT p.id AS payment_id, NULL::uuid AS credit_note_id, p.received_on AS on_day, p.id::text AS tie,
        p.unapplied_cents AS left_cents
      FROM payments p WHERE p.company_id = v_company AND p.voided_at IS NULL AND p.unapplied_cents > 0
      UNION ALL
      SELECT NULL::uuid, b.invoice_id, i.invoice_date, b.invoice_id::text, b.open_cents
      FROM invoice_balances b JOIN invoices i ON i.id = b.invoice_id
      WHERE b.company_id = v_company AND b.kind = 'credit_note' AND b.open_cents > 0
    ) s ORDER BY on_day, tie
  LOOP
    EXIT WHEN v_open = 0;
    IF src.payment_id IS NOT NULL THEN
      SELECT unapplied_cents INTO v_left FROM payments
      WHERE id = src.payment_id AND voided_at IS NULL FOR UPDATE;
    ELSE
      SELECT open_cents INTO v_left FROM invoice_balances WHERE invoice_id = src.credit_note_id FOR UPDATE;
    END IF;
    CONTINUE WHEN coalesce(v_left, 0) = 0;
    v_take := least(v_open, v_left);
    PERFORM allocate(p_invoice, src.payment_id, src.credit_note_id, v_take, p_now);
    v_open := v_open - v_take;
  END LOOP;
END
$$;
