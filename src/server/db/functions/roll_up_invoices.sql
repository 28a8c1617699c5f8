-- roll_up_invoices: adds issued documents to the sales rollups (decision 018): the day's totals, the
-- customers' (company, ship-to state, sales rep) and the items' (option or SKU), per day and per
-- month. A credit note's amounts are taken off; what it took off is counted as credited too. Run
-- by fold_sales_rollups for the documents queued since the last fold, and by rebuild_sales_rollups
-- for every document; both hold the rollups' lock, so one adds at a time.
CREATE OR REPLACE FUNCTION roll_up_invoices(p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_day_totals AS t (
    day, orders, invoices, credit_notes, goods_cents, shipping_cents, excise_cents, total_cents,
    credited_cents
  )
  SELECT d.invoice_date,
    count(*) FILTER (WHERE d.kind = 'invoice' AND d.references_id IS NULL),
    count(*) FILTER (WHERE d.kind = 'invoice'),
    count(*) FILTER (WHERE d.kind = 'credit_note'),
    sum(CASE d.kind WHEN 'invoice' THEN d.subtotal_cents ELSE -d.subtotal_cents END),
    sum(CASE d.kind WHEN 'invoice' THEN d.shipping_cents ELSE -d.shipping_cents END),
    sum(CASE d.kind WHEN 'invoice' THEN d.excise_cents ELSE -d.excise_cents END),
    sum(CASE d.kind WHEN 'invoice' THEN d.total_cents ELSE -d.total_cents END),
    coalesce(sum(d.total_cents) FILTER (WHERE d.kind = 'credit_note'), 0)
  FROM invoices d
  WHERE d.id = ANY(p_ids)
  GROUP BY d.invoice_date
  ORDER BY d.invoice_date
  ON CONFLICT (day) DO UPDATE SET
    orders = t.orders + excluded.orders,
    invoices = t.invoices + excluded.invoices,
    credit_notes = t.credit_notes + excluded.credit_notes,
    goods_cents = t.goods_cents + excluded.goods_cents,
    shipping_cents = t.shipping_cents + excluded.shipping_cents,
    excise_cents = t.excise_cents + excluded.excise_cents,
    total_cents = t.total_cents + excluded.total_cents,
    credited_cents = t.credited_cents + excluded.credited_cents;

  INSERT INTO sales_customer_rollups AS t (
    grain, period, company_key, state, rep_key, orders, goods_cents, shipping_cents, excise_cents,
    total_cents, credited_cents
  )
  SELECT g.grain,
    CASE g.grain WHEN 'd' THEN d.invoice_date ELSE date_trunc('month', d.invoice_date)::date END,
    coalesce(d.company_id::text, ''), d.excise_state, coalesce(c.sales_rep_id::text, ''),
    count(*) FILTER (WHERE d.kind = 'invoice' AND d.references_id IS NULL),
    sum(CASE d.kind WHEN 'invoice' THEN d.subtotal_cents ELSE -d.subtotal_cents END),
    sum(CASE d.kind WHEN 'invoice' THEN d.shipping_cents ELSE -d.shipping_cents END),
    sum(CASE d.kind WHEN 'invoice' THEN d.excise_cents ELSE -d.excise_cents END),
    sum(CASE d.kind WHEN 'invoice' THEN d.total_cents ELSE -d.total_cents END),
    coalesce(sum(d.total_cents) FILTER (WHERE d.kind = 'credit_note'), 0)
  FROM invoices d
  LEFT JOIN companies c ON c.id = d.company_id
  CROSS JOIN (VALUES ('d'), ('m')) AS g (grain)
  WHERE d.id = ANY(p_ids)
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (grain, period, company_key, state, rep_key) DO UPDATE SET
    orders = t.orders + excluded.orders,
    goods_cents = t.goods_cents + excluded.goods_cents,
    shipping_cents = t.shipping_cents + excluded.shipping_cents,
    excise_cents = t.excise_cents + excluded.excise_cents,
    total_cents = t.total_cents + excluded.total_cents,
    credited_cents = t.credited_cents + excluded.credited_cents;

  INSERT INTO sales_item_rollups AS t (
    grain, period, item_key, variant_id, sku, description, quantity, goods_cents, excise_cents,
    credited_quantity, credited_cents
  )
  SELECT g.grain,
    CASE g.grain WHEN 'd' THEN l.invoice_date ELSE date_trunc('month', l.invoice_date)::date END,
    l.item_key,
    CASE WHEN l.item_key LIKE 'v:%' THEN substr(l.item_key, 3)::integer END,
    min(l.sku), min(l.description),
    sum(CASE l.kind WHEN 'invoice' THEN l.quantity ELSE -l.quantity END)::integer,
    sum(CASE l.kind WHEN 'invoice' THEN l.amount_cents ELSE -l.amount_cents END),
    sum(CASE l.kind WHEN 'invoice' THEN l.excise_cents ELSE -l.excise_cents END),
    coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'credit_note'), 0)::integer,
    coalesce(sum(l.amount_cents + l.excise_cents) FILTER (WHERE l.kind = 'credit_note'), 0)
  FROM (
    -- A line's item: its key without the unit price (`v:12@1500` is option 12 at $15.00).
    SELECT d.invoice_date, d.kind, regexp_replace(x.line_key, '@-?[0-9]+$', '') AS item_key, x.sku,
      regexp_replace(x.description, ' \(excise\)$', '') AS description, x.quantity, x.amount_cents,
      x.excise_cents
    FROM invoice_lines x
    JOIN invoices d ON d.id = x.invoice_id
    WHERE x.invoice_id = ANY(p_ids) AND x.line_key <> 'delivery'
  ) l
  CROSS JOIN (VALUES ('d'), ('m')) AS g (grain)
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (grain, period, item_key) DO UPDATE SET
    sku = least(t.sku, excluded.sku),
    description = least(t.description, excluded.description),
    quantity = t.quantity + excluded.quantity,
    goods_cents = t.goods_cents + excluded.goods_cents,
    excise_cents = t.excise_cents + excluded.excise_cents,
    credited_quantity = t.credited_quantity + excluded.credited_quantity,
    credited_cents = t.credited_cents + excluded.credited_cents;
$$;
