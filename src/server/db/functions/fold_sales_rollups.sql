-- fold_sales_rollups: adds the documents queued by invoices_roll_up to the sales rollups and empties
-- the queue (decision 018); returns how many it added. Run every second by a job and by every report
-- before it reads the rollups, so that what a report shows is every document committed before it.
-- One fold at a time (a lock held to its commit): two would add the same rows in different orders.
-- A document committed while a fold runs is not in its snapshot and stays queued for the next.
CREATE OR REPLACE FUNCTION fold_sales_rollups() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('sales_rollups'));
  WITH taken AS (DELETE FROM sales_rollup_queue RETURNING invoice_id)
  SELECT array_agg(invoice_id) INTO ids FROM taken;
  IF ids IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM roll_up_invoices(ids);
  RETURN cardinality(ids);
END;
$$;
