-- issue_document: one invoice or credit note for an order (invoice_order decides its lines),
-- numbered in its series and year without a gap, with everything a shop files as it is today:
-- bill-to, ship-to, the licenses the order relies on, the terms and due date, excise's state.
--  * Numbers: INV-2026-000001, CN-2026-000001, without gaps (next_document_number).
--  * Days are the store's (receivables_settings.time_zone): the invoice date is today there; the
--    due date that plus the terms' days (term_days). A credit note is due on its date.
--  * p_lines: [{key, sku, description, quantity, unit, amount, excise, delivery}], positive.
--  * What is left of it (invoice_balances) is written with it; an invoice takes the company's
--    unused credit at once, a credit note pays what its own order still owes.
CREATE OR REPLACE FUNCTION issue_document(
  p_kind text,
  p_order uuid,
  p_first uuid,
  p_reason text,
  p_lines jsonb,
  p_now timestamptz
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  o orders%ROWTYPE;
  s receivables_settings%ROWTYPE;
  v_day date;
  v_terms text;
  v_number text;
  v_id uuid;
  v_bill jsonb;
BEGIN
  SELECT * INTO o FROM orders WHERE id = p_order;
  SELECT * INTO s FROM receivables_settings WHERE id = 1;
  v_day := (p_now AT TIME ZONE s.time_zone)::date;
  v_terms := coalesce(
    (SELECT terms FROM invoices WHERE id = p_first),
    (SELECT a.payment_terms FROM company_accounts a WHERE a.company_id = o.company_id),
    s.default_terms);

  v_number := next_document_number(CASE p_kind WHEN 'invoice' THEN 'INV' ELSE 'CN' END, v_day);

  SELECT jsonb_build_object(
    'businessName', coalesce(c.business_name, nullif(o.ship_business_name, ''), u.name),
    'contactName', coalesce(owner.name, u.name),
    'email', coalesce(owner.email, u.email),
    'phone', coalesce(c.phone, ''),
    'address', coalesce((
      SELECT jsonb_build_array(a.street_address) || CASE WHEN a.street_address_2 <> ''
          THEN jsonb_build_array(a.street_address_2) ELSE '[]'::jsonb END
        || jsonb_build_array(a.city || ', ' || a.state || ' ' || a.zip_code)
      FROM addresses a WHERE a.company_id = o.company_id AND a.is_default LIMIT 1), '[]'::jsonb))
  INTO v_bill
  FROM users u
  LEFT JOIN companies c ON c.id = o.company_id
  LEFT JOIN LATERAL (
    SELECT ou.name, ou.email FROM company_members m JOIN users ou ON ou.id = m.user_id
    WHERE m.company_id = o.company_id AND m.role = 'owner' AND m.removed_at IS NULL
    ORDER BY m.joined_at, m.user_id LIMIT 1
  ) owner ON true
  WHERE u.id = o.user_id;

  INSERT INTO invoices (kind, number, order_id, order_number, company_id, user_id, references_id, reason, issued_at,
    invoice_date, terms, due_date, bill_to, ship_to, licenses, excise_state, subtotal_cents,
    shipping_cents, excise_cents, total_cents)
  SELECT p_kind,
    v_number,
    o.id, o.number, o.company_id, o.user_id, p_first, coalesce(p_reason, ''), p_now, v_day, v_terms,
    CASE WHEN p_kind = 'invoice' THEN v_day + term_days(v_terms) ELSE v_day END,
    v_bill,
    jsonb_build_object('shippingType', o.shipping_type, 'name', o.ship_name,
      'businessName', o.ship_business_name,
      'address', jsonb_build_array(o.ship_address, o.ship_city || ', ' || o.ship_state || ' ' || o.ship_postal_code)),
    (SELECT coalesce(jsonb_agg(jsonb_build_object('kind', d.kind, 'number', coalesce(d.document_number, ''),
        'state', coalesce(d.issuing_state, ''), 'expiresOn', d.expires_on) ORDER BY d.kind), '[]'::jsonb)
     FROM (
       SELECT DISTINCT ON (d.kind) d.* FROM documents d
       WHERE d.company_id = o.company_id AND d.status = 'verified'
         AND d.kind IN ('sales_id', 'tobacco_license')
         AND (d.expires_on IS NULL OR d.expires_on::date >= v_day)
         AND (d.location_id = o.location_id OR (d.location_id IS NULL AND NOT EXISTS (
           SELECT 1 FROM documents x WHERE x.location_id = o.location_id AND x.kind = d.kind)))
       ORDER BY d.kind, d.location_id NULLS LAST, d.reviewed_at DESC NULLS LAST
     ) d),
    CASE WHEN o.shipping_type = 'Shiptoaddress' THEN o.ship_state
      ELSE coalesce((SELECT value->>'storeState' FROM settings WHERE key = 'store'), 'TX') END,
    (SELECT coalesce(sum((l->>'amount')::integer), 0) FROM jsonb_array_elements(p_lines) l
      WHERE NOT (l->>'delivery')::boolean),
    (SELECT coalesce(sum((l->>'amount')::integer), 0) FROM jsonb_array_elements(p_lines) l
      WHERE (l->>'delivery')::boolean),
    (SELECT coalesce(sum((l->>'excise')::integer), 0) FROM jsonb_array_elements(p_lines) l),
    (SELECT coalesce(sum((l->>'amount')::integer + (l->>'excise')::integer), 0) FROM jsonb_array_elements(p_lines) l)
  RETURNING id INTO v_id;

  INSERT INTO invoice_lines (invoice_id, position, line_key, sku, description, quantity, unit_price_cents,
    amount_cents, excise_cents)
  SELECT v_id, n, l->>'key', l->>'sku', l->>'description', (l->>'quantity')::integer,
    (l->>'unit')::integer, (l->>'amount')::integer, (l->>'excise')::integer
  FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS x(l, n);

  -- What is left of it: all; then an invoice takes the account's unused credit, and a credit note
  -- pays what its order still owes (its first invoice, then any supplementary one).
  INSERT INTO invoice_balances (invoice_id, company_id, kind, due_date, open_cents)
  SELECT id, company_id, kind, due_date, total_cents FROM invoices WHERE id = v_id;
  IF p_kind = 'invoice' THEN
    PERFORM apply_account_credit(v_id, p_now);
  ELSE
    PERFORM settle_credit_note(v_id, p_now);
  END IF;
  RETURN v_id;
END
$$;
