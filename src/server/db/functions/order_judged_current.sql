-- order_judged_current: whether an order is still judged and priced by what is current, checked
-- inside the order's transaction (place_order, approve_order), holding what it read until the
-- transaction ends. Returns the compliance version when all of these are as p_check says, else
-- NULL (the app judges again):
--  * the rules, listings and rates (compliance_version, held: a rule change waits for the order,
--    or the order sees its version);
--  * the location's verified, unexpired licences: of each kind, the location's own document when
--    it has one, else the company's (decision 015; p_location NULL: the company's alone);
--  * the company's customer group and its price list's version (held).
CREATE OR REPLACE FUNCTION order_judged_current(
  p_company uuid,
  p_location uuid,
  p_now timestamptz,
  p_check jsonb
) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_version bigint;
BEGIN
  SELECT version INTO v_version FROM compliance_version WHERE id = 1 FOR SHARE;
  IF v_version IS DISTINCT FROM (p_check->>'version')::bigint THEN
    RETURN NULL;
  END IF;
  IF (
    SELECT coalesce(jsonb_agg(s ORDER BY s), '[]'::jsonb) FROM (
      SELECT DISTINCT d.issuing_state AS s FROM documents d
      WHERE d.company_id = p_company AND d.kind = 'tobacco_license' AND d.status = 'verified'
        AND d.issuing_state IS NOT NULL
        AND (d.expires_on IS NULL OR d.expires_on >= to_char(p_now AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
        AND (d.location_id = p_location OR (d.location_id IS NULL AND NOT EXISTS (
          SELECT 1 FROM documents o WHERE o.location_id = p_location AND o.kind = d.kind)))
    ) d
  ) IS DISTINCT FROM (p_check->'licences') THEN
    RETURN NULL;
  END IF;
  IF (
    SELECT jsonb_build_object('id', g.id, 'version', g.version)
    FROM company_groups m JOIN customer_groups g ON g.id = m.group_id
    WHERE m.company_id = p_company
    FOR SHARE OF m, g
  ) IS DISTINCT FROM nullif(p_check->'group', 'null'::jsonb) THEN
    RETURN NULL;
  END IF;
  RETURN v_version;
END
$$;
