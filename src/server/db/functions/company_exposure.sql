-- company_exposure: what a company owes and has ordered, in cents (decision 017): what its invoices
-- still owe, less its unused credit (payments not applied, credit notes not used), plus its orders
-- not invoiced yet that have not shipped (invoices issued as orders ship), less their cancelled
-- items (whatever the setting says now: orders placed while invoices were issued as orders ship
-- keep counting until they are invoiced); p_except (the order being judged) left out. The credit
-- limit is held against it.
CREATE OR REPLACE FUNCTION company_exposure(
  p_company uuid,
  p_except uuid DEFAULT NULL
) RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT
    coalesce((SELECT sum(CASE kind WHEN 'invoice' THEN open_cents ELSE -open_cents END)
      FROM invoice_balances WHERE company_id = p_company AND open_cents > 0), 0)
    - coalesce((SELECT sum(unapplied_cents) FROM payments
      WHERE company_id = p_company AND voided_at IS NULL AND unapplied_cents > 0), 0)
    + coalesce((SELECT sum(o.total_cents - coalesce((
          SELECT sum(i.quantity * i.unit_price_cents + i.excise_cents) FROM order_items i
          WHERE i.order_id = o.id AND i.status = 'cancelled'), 0))
      FROM orders o
      WHERE o.company_id = p_company AND o.id IS DISTINCT FROM p_except
        AND NOT EXISTS (SELECT 1 FROM invoices v WHERE v.order_id = o.id)
        AND NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.stage <> 'placed')), 0)
$$;
