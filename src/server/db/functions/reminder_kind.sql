-- reminder_kind: which payment reminder an invoice still owed gets on a store day (decision 017):
-- 'due_soon' within 3 days before its due date, 'due_today' on it, then 'overdue_7', 'overdue_14'…
-- from 7 days after, the week it is in; NULL on the days between. A missed day is not made up: the
-- stage of the day replaces it. The reminder job (invoice-mails.service.ts) selects by it, leaving
-- out the kinds an invoice has had, so an overdue invoice costs nothing once reminded this week.
CREATE OR REPLACE FUNCTION reminder_kind(p_due date, p_today date) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_today < p_due THEN CASE WHEN p_due - p_today <= 3 THEN 'due_soon' END
    WHEN p_today = p_due THEN 'due_today'
    WHEN p_today - p_due >= 7 THEN 'overdue_' || ((p_today - p_due) - (p_today - p_due) % 7)
  END
$$;
