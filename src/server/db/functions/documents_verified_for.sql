-- documents_verified_for: how many of the two kinds (Sales ID, tobacco license) standing for a
-- location are verified and unexpired on p_now's day — of each kind the location's own document
-- when it has one, else the company's (decision 015; p_location NULL: the company's alone). Below
-- two, an order over the unverified buyers' cap is refused (place_order, approve_order).
CREATE OR REPLACE FUNCTION documents_verified_for(
  p_company uuid,
  p_location uuid,
  p_now timestamptz
) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(DISTINCT d.kind)::integer FROM documents d
  WHERE d.company_id = p_company AND d.status = 'verified' AND d.kind IN ('sales_id', 'tobacco_license')
    AND (d.expires_on IS NULL OR d.expires_on::date >= p_now::date)
    AND (d.location_id = p_location OR (d.location_id IS NULL AND NOT EXISTS (
      SELECT 1 FROM documents o WHERE o.location_id = p_location AND o.kind = d.kind)))
$$;
