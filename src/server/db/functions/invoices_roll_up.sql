-- invoices_roll_up: the trigger function of invoices_roll_up (a deferred constraint trigger, run
-- at commit, when the document's lines are in): adds the new document to the sales rollups. One
-- transaction at a time adds to them (a lock held to its commit, moments away): a change issuing a
-- credit note and a supplementary invoice adds two documents, whose rows another transaction's
-- documents of other days could otherwise take in another order, and deadlock.
CREATE OR REPLACE FUNCTION invoices_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('sales_rollups'));
  PERFORM roll_up_invoices(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;
