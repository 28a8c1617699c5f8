-- term_days: the days after the invoice date an invoice on these payment terms is due (decision
-- 017). The same table as src/shared/receivables/terms.ts; a test holds the two together.
CREATE OR REPLACE FUNCTION term_days(p_terms text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_terms
    WHEN 'net_7' THEN 7
    WHEN 'net_15' THEN 15
    WHEN 'net_30' THEN 30
    WHEN 'due_on_receipt' THEN 0
    WHEN 'cod' THEN 0
  END
$$;
