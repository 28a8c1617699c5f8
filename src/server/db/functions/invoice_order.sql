-- invoice_order: keeps what an order's invoices and credit notes say it owes equal to what it owes
-- (decision 017), in the transaction of the change that moves it:
--  * p_event 'placed' (fill_order: every way an order is made) issues its first invoice when the
--    settings say invoices are issued as orders are placed;
--  * 'shipped' (the stage) issues it when it has none yet, whatever the setting (an order that
--    ships has an invoice);
--  * 'changed' (a change before shipping, an item cancelled or returned) does nothing before the first invoice;
--    after it, the difference line by line: what the order owes more, a supplementary invoice;
--    what it owes less, a credit note; both reference the first invoice and give p_reason.
-- What an order owes: its items not cancelled, less units returned, each (option, unit price) a
-- line of quantity × unit price and the items' excise (rounded per item when priced; a returned
-- unit's share rounded half up), and its delivery fee while any item is not cancelled. Nothing issued is changed (refuse_invoice_change).
CREATE OR REPLACE FUNCTION invoice_order(
  p_order uuid,
  p_now timestamptz,
  p_event text,
  p_reason text DEFAULT ''
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_first uuid;
  v_on text;
  v_more jsonb;
  v_less jsonb;
BEGIN
  SELECT id INTO v_first FROM invoices WHERE order_id = p_order AND references_id IS NULL;
  IF v_first IS NULL THEN
    SELECT invoice_on INTO v_on FROM receivables_settings WHERE id = 1;
    IF p_event IS DISTINCT FROM 'shipped' AND p_event IS DISTINCT FROM v_on THEN
      RETURN;
    END IF;
  END IF;

  WITH kept AS (
    -- Each item not cancelled, less the units returned (item_returns); a returned unit's excise is
    -- the item's excise × returned ÷ quantity, rounded half up: the one division, decision 017.
    SELECT i.*, i.quantity - coalesce(r.qty, 0) AS kept_qty,
      i.excise_cents - coalesce((i.excise_cents::bigint * r.qty * 2 + i.quantity) / (2 * i.quantity), 0) AS kept_excise
    FROM order_items i
    LEFT JOIN (SELECT order_item_id, sum(quantity)::integer AS qty FROM item_returns GROUP BY order_item_id) r
      ON r.order_item_id = i.id
    WHERE i.order_id = p_order AND i.status <> 'cancelled'
  ), owed AS (
    SELECT coalesce('v:' || i.variant_id, 'sku:' || i.sku) || '@' || i.unit_price_cents AS key,
      min(i.id) AS pos, min(i.sku) AS sku,
      min(i.product_name || CASE WHEN i.variant_name <> '' AND i.variant_name <> i.product_name
        THEN ' — ' || i.variant_name ELSE '' END) AS description,
      i.unit_price_cents AS unit, sum(i.kept_qty)::integer AS qty,
      (sum(i.kept_qty) * i.unit_price_cents)::integer AS amount, sum(i.kept_excise)::integer AS excise
    FROM kept i
    GROUP BY 1, i.unit_price_cents
    UNION ALL
    SELECT 'delivery', 2147483647, '', 'Delivery', o.shipping_cents, 1, o.shipping_cents, 0
    FROM orders o WHERE o.id = p_order AND o.shipping_cents > 0
      AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.status <> 'cancelled')
  ), billed AS (
    SELECT l.line_key AS key, min(l.position) AS pos, min(l.sku) AS sku, min(l.description) AS description,
      max(l.unit_price_cents) AS unit,
      sum(CASE d.kind WHEN 'invoice' THEN l.quantity ELSE -l.quantity END)::integer AS qty,
      sum(CASE d.kind WHEN 'invoice' THEN l.amount_cents ELSE -l.amount_cents END)::integer AS amount,
      sum(CASE d.kind WHEN 'invoice' THEN l.excise_cents ELSE -l.excise_cents END)::integer AS excise
    FROM invoice_lines l JOIN invoices d ON d.id = l.invoice_id
    WHERE d.order_id = p_order
    GROUP BY l.line_key
  ), delta AS (
    SELECT coalesce(w.key, b.key) AS key, coalesce(w.pos, b.pos) AS pos, coalesce(w.sku, b.sku) AS sku,
      coalesce(w.description, b.description) AS description, coalesce(w.unit, b.unit) AS unit,
      coalesce(w.qty, 0) - coalesce(b.qty, 0) AS qty,
      coalesce(w.amount, 0) - coalesce(b.amount, 0) AS amount,
      coalesce(w.excise, 0) - coalesce(b.excise, 0) AS excise
    FROM owed w FULL JOIN billed b ON b.key = w.key
  ), parts AS (
    -- Each difference as lines of positive figures, routed by its own direction: the money of an
    -- item (its quantity × unit price, with its excise when that moves the same way) or of the
    -- delivery fee; and excise alone when it moves the other way or alone (a rate re-read on a
    -- change). A free item's quantity still goes on the document.
    SELECT d.key, d.pos, d.sku, d.description,
      CASE WHEN d.key = 'delivery' THEN abs(d.amount) ELSE d.unit END AS unit,
      CASE WHEN d.key = 'delivery' THEN 1 ELSE abs(d.qty) END AS qty,
      abs(d.amount) AS amount,
      CASE WHEN sign(d.excise) = sign(d.amount) THEN abs(d.excise) ELSE 0 END AS excise,
      CASE WHEN d.amount <> 0 THEN sign(d.amount) ELSE sign(d.qty) END AS way
    FROM delta d WHERE d.amount <> 0 OR (d.qty <> 0 AND d.key <> 'delivery')
    UNION ALL
    SELECT d.key, d.pos, d.sku, d.description || ' (excise)', 0, 0, 0, abs(d.excise), sign(d.excise)
    FROM delta d WHERE d.excise <> 0 AND (d.amount = 0 OR sign(d.excise) <> sign(d.amount))
  )
  SELECT
    jsonb_agg(jsonb_build_object('key', key, 'sku', sku, 'description', description,
      'quantity', qty, 'unit', unit, 'amount', amount, 'excise', excise,
      'delivery', key = 'delivery') ORDER BY pos, amount DESC) FILTER (WHERE way > 0),
    jsonb_agg(jsonb_build_object('key', key, 'sku', sku, 'description', description,
      'quantity', qty, 'unit', unit, 'amount', amount, 'excise', excise,
      'delivery', key = 'delivery') ORDER BY pos, amount DESC) FILTER (WHERE way < 0)
  INTO v_more, v_less FROM parts;

  IF v_less IS NOT NULL THEN
    PERFORM issue_document('credit_note', p_order, v_first, p_reason, v_less, p_now);
  END IF;
  IF v_more IS NOT NULL THEN
    PERFORM issue_document('invoice', p_order, v_first, CASE WHEN v_first IS NULL THEN '' ELSE p_reason END,
      v_more, p_now);
  END IF;
END
$$;
