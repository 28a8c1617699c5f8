-- next_document_number: the next number of a series (INV, CN, PAY) in the year of p_day, without a
-- gap (decision 017): INV-2026-000001. The counter row is updated in the caller's transaction and
-- stays locked until it commits, so a rolled-back issue gives its number back and two at once
-- take consecutive numbers. Past 999999 in a year the number grows a digit.
CREATE OR REPLACE FUNCTION next_document_number(
  p_series text,
  p_day date
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_year integer := extract(year FROM p_day)::integer;
  v_n integer;
BEGIN
  INSERT INTO document_counters AS c (series, year, last) VALUES (p_series, v_year, 1)
  ON CONFLICT (series, year) DO UPDATE SET last = c.last + 1
  RETURNING last INTO v_n;
  RETURN p_series || '-' || v_year || '-' || lpad(v_n::text, greatest(6, length(v_n::text)), '0');
END
$$;
