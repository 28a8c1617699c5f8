-- company_keeps_an_owner: every company keeps at least one active owner (decision 015, step 3).
--
-- The backstop behind the members service, which locks the company row and counts the other
-- owners before it demotes or removes one (and says so in words). Run at commit by the
-- constraint trigger of the same name on company_members (DEFERRABLE INITIALLY DEFERRED, made by
-- migration 0032), for each row an update or delete touched: when that row was an active owner
-- of a company that still exists, and the company has no active owner left, the transaction is
-- refused (SQLSTATE 23514, constraint company_keeps_an_owner). A company deleted in the same
-- transaction (its members gone with it) is not checked. This file is the function's definition
-- (client.ts applies it after the migrations); 0032 holds its first text as history.
CREATE OR REPLACE FUNCTION company_keeps_an_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role = 'owner' AND OLD.removed_at IS NULL
    AND EXISTS (SELECT 1 FROM companies c WHERE c.id = OLD.company_id)
    AND NOT EXISTS (
      SELECT 1 FROM company_members m
      WHERE m.company_id = OLD.company_id AND m.role = 'owner' AND m.removed_at IS NULL
    )
  THEN
    RAISE EXCEPTION 'company % would have no owner', OLD.company_id
      USING ERRCODE = '23514', CONSTRAINT = 'company_keeps_an_owner';
  END IF;
  RETURN NULL;
END $$;
