-- rebuild_sales_rollups: the sales rollups made again from every invoice and credit note (decision
-- 018): for a database whose documents were written without them (the migration that brought
-- them, a bulk load), and the measure the tests hold the folded running sums against. Waits for a
-- fold under way; what was queued is in the rebuild, so the queue is emptied with it.
CREATE OR REPLACE FUNCTION rebuild_sales_rollups() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('sales_rollups'));
  DELETE FROM sales_rollup_queue;
  DELETE FROM sales_day_totals;
  DELETE FROM sales_customer_rollups;
  DELETE FROM sales_item_rollups;
  SELECT roll_up_invoices(ARRAY(SELECT id FROM invoices ORDER BY issued_at));
$$;
