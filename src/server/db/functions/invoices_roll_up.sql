-- invoices_roll_up: the trigger function of invoices_roll_up (a deferred constraint trigger, run at
-- commit): queues the new document for the sales rollups (decision 018). One insert, no row shared
-- with another transaction: fold_sales_rollups adds what is queued, in turn, after the commit.
CREATE OR REPLACE FUNCTION invoices_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_rollup_queue (invoice_id) VALUES (NEW.id);
  RETURN NULL;
END;
$$;
