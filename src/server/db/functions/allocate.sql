-- allocate: part of a payment (p_payment) or of a credit note's credit (p_credit_note) pays part of
-- an invoice of the same company (decision 017). Both sides are conditional updates, so two staff
-- applying at once can never apply more than an invoice owes nor more than a payment has left:
-- the second finds too little and raises 'over_applied:invoice' or 'over_applied:source',
-- undoing its whole transaction.
CREATE OR REPLACE FUNCTION allocate(
  p_invoice uuid,
  p_payment uuid,
  p_credit_note uuid,
  p_amount integer,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_company uuid;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 THEN
    RAISE EXCEPTION 'over_applied:amount';
  END IF;
  UPDATE invoice_balances SET open_cents = open_cents - p_amount
  WHERE invoice_id = p_invoice AND kind = 'invoice' AND open_cents >= p_amount
  RETURNING company_id INTO v_company;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'over_applied:invoice';
  END IF;
  IF p_payment IS NOT NULL THEN
    UPDATE payments SET unapplied_cents = unapplied_cents - p_amount
    WHERE id = p_payment AND voided_at IS NULL AND unapplied_cents >= p_amount
      AND company_id IS NOT DISTINCT FROM v_company;
  ELSE
    UPDATE invoice_balances SET open_cents = open_cents - p_amount
    WHERE invoice_id = p_credit_note AND kind = 'credit_note' AND open_cents >= p_amount
      AND company_id IS NOT DISTINCT FROM v_company;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'over_applied:source';
  END IF;
  INSERT INTO allocations (invoice_id, payment_id, credit_note_id, amount_cents, created_at)
  VALUES (p_invoice, p_payment, p_credit_note, p_amount, p_now);
END
$$;
