-- rebuild_sales_rollups: the sales rollups made again from every invoice and credit note (decision
-- 018): for a database whose documents were written without them (the migration that brought
-- them, a bulk load), and the measure the tests hold the folded running sums against. Waits for a
-- fold under way. The documents it adds are taken once, and only their queue rows are removed: a
-- document committed while it runs is not among them and stays queued for the next fold.
CREATE OR REPLACE FUNCTION rebuild_sales_rollups() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('sales_rollups'));
  ids := ARRAY(SELECT id FROM invoices ORDER BY issued_at);
  DELETE FROM sales_rollup_queue WHERE invoice_id = ANY(ids);
  DELETE FROM sales_day_totals;
  DELETE FROM sales_customer_rollups;
  DELETE FROM sales_item_rollups;
  PERFORM roll_up_invoices(ids);
END;
$$;
