-- refuse_invoice_change: the trigger on invoices and invoice_lines (migration 0042) that refuses
-- every UPDATE and DELETE: an issued invoice or credit note is never changed nor removed
-- (decision 017); a change to an order issues a new document instead (invoice_order).
CREATE OR REPLACE FUNCTION refuse_invoice_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice_immutable: % on %', TG_OP, TG_TABLE_NAME;
END
$$;
