-- credit_check: whether the company may take on this order (decision 017), inside the order's own
-- transaction (fill_order: every way an order is made, an approved request and an accepted quote
-- too), before any stock is taken. Raises, undoing the order:
--  * 'credit_hold:<invoice>:<days>' the company has an invoice more than the settings' days past
--    due with money still owed on it, and staff have not lifted the hold (until a time);
--  * 'credit_limit:<limit>:<balance>' its balance (open invoices less unused credit, and orders
--    placed but not invoiced yet) plus this order passes its credit limit.
-- A company with a limit has its account row held (FOR UPDATE) first, so two orders at once are
-- judged one after the other, the second seeing the first.
CREATE OR REPLACE FUNCTION credit_check(
  p_order uuid,
  p_now timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  o orders%ROWTYPE;
  s receivables_settings%ROWTYPE;
  a company_accounts%ROWTYPE;
  v_today date;
  v_late record;
  v_balance bigint;
BEGIN
  SELECT * INTO o FROM orders WHERE id = p_order;
  IF o.company_id IS NULL THEN
    RETURN;
  END IF;
  SELECT * INTO a FROM company_accounts WHERE company_id = o.company_id;
  IF a.credit_limit_cents IS NOT NULL THEN
    SELECT * INTO a FROM company_accounts WHERE company_id = o.company_id FOR UPDATE;
  END IF;
  SELECT * INTO s FROM receivables_settings WHERE id = 1;
  v_today := (p_now AT TIME ZONE s.time_zone)::date;

  IF a.hold_lifted_until IS NULL OR a.hold_lifted_until <= p_now THEN
    SELECT i.number, v_today - b.due_date AS days INTO v_late
    FROM invoice_balances b JOIN invoices i ON i.id = b.invoice_id
    WHERE b.company_id = o.company_id AND b.kind = 'invoice' AND b.open_cents > 0
      AND b.due_date < v_today - s.hold_after_days
    ORDER BY b.due_date, i.number LIMIT 1;
    IF v_late.number IS NOT NULL THEN
      RAISE EXCEPTION 'credit_hold:%:%', v_late.number, v_late.days;
    END IF;
  END IF;

  IF a.credit_limit_cents IS NOT NULL THEN
    v_balance := company_exposure(o.company_id, p_order);
    IF v_balance + o.total_cents > a.credit_limit_cents THEN
      RAISE EXCEPTION 'credit_limit:%:%', a.credit_limit_cents, v_balance;
    END IF;
  END IF;
END
$$;
