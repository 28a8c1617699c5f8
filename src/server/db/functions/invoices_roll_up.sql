-- invoices_roll_up: the trigger function of invoices_roll_up (a deferred constraint trigger, run
-- at commit, when the document's lines are in): adds the new document to the sales rollups.
CREATE OR REPLACE FUNCTION invoices_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM roll_up_invoices(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;
