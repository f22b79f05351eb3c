-- The list's counts and the dashboard's totals follow every invoice write in the same transaction.
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_status_counts, invoice_daily_totals TO invoicing_tenant;
--> statement-breakpoint
CREATE FUNCTION invoice_summaries_apply(org uuid, st text, issued date, due date, amount numeric, delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The organization's counts row is always locked first, so concurrent writers never deadlock on the
  -- daily rows below.
  IF delta > 0 THEN
    INSERT INTO invoice_status_counts AS c (organization_id, draft, sent, paid, overdue, cancelled)
    VALUES (org, (st = 'DRAFT')::int, (st = 'SENT')::int, (st = 'PAID')::int, (st = 'OVERDUE')::int,
            (st = 'CANCELLED')::int)
    ON CONFLICT (organization_id) DO UPDATE SET
      draft = c.draft + excluded.draft, sent = c.sent + excluded.sent, paid = c.paid + excluded.paid,
      overdue = c.overdue + excluded.overdue, cancelled = c.cancelled + excluded.cancelled;
    INSERT INTO invoice_daily_totals AS d (organization_id, issue_date, status, due_date, invoice_count, total_amount)
    VALUES (org, issued, st, due, 1, amount)
    ON CONFLICT (organization_id, issue_date, status, due_date) DO UPDATE SET
      invoice_count = d.invoice_count + 1, total_amount = d.total_amount + excluded.total_amount;
  ELSE
    -- Only updates: while an organization is being deleted its rows may already be gone.
    UPDATE invoice_status_counts SET
      draft = draft - (st = 'DRAFT')::int, sent = sent - (st = 'SENT')::int, paid = paid - (st = 'PAID')::int,
      overdue = overdue - (st = 'OVERDUE')::int, cancelled = cancelled - (st = 'CANCELLED')::int
    WHERE organization_id = org;
    UPDATE invoice_daily_totals SET invoice_count = invoice_count - 1, total_amount = total_amount - amount
    WHERE organization_id = org AND issue_date = issued AND status = st AND due_date = due;
    DELETE FROM invoice_daily_totals
    WHERE organization_id = org AND issue_date = issued AND status = st AND due_date = due AND invoice_count <= 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION invoices_follow_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM invoice_summaries_apply(OLD.organization_id, OLD.status, OLD.issue_date, OLD.due_date, OLD.total, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM invoice_summaries_apply(NEW.organization_id, NEW.status, NEW.issue_date, NEW.due_date, NEW.total, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_summaries_insert_delete AFTER INSERT OR DELETE ON invoices
FOR EACH ROW EXECUTE FUNCTION invoices_follow_summaries();
--> statement-breakpoint
CREATE TRIGGER invoices_summaries_update AFTER UPDATE OF organization_id, status, issue_date, due_date, total ON invoices
FOR EACH ROW
WHEN ((OLD.organization_id, OLD.status, OLD.issue_date, OLD.due_date, OLD.total)
      IS DISTINCT FROM (NEW.organization_id, NEW.status, NEW.issue_date, NEW.due_date, NEW.total))
EXECUTE FUNCTION invoices_follow_summaries();
--> statement-breakpoint
INSERT INTO invoice_status_counts (organization_id, draft, sent, paid, overdue, cancelled)
SELECT organization_id, count(*) FILTER (WHERE status = 'DRAFT'), count(*) FILTER (WHERE status = 'SENT'),
       count(*) FILTER (WHERE status = 'PAID'), count(*) FILTER (WHERE status = 'OVERDUE'),
       count(*) FILTER (WHERE status = 'CANCELLED')
FROM invoices GROUP BY organization_id;
--> statement-breakpoint
INSERT INTO invoice_daily_totals (organization_id, issue_date, status, due_date, invoice_count, total_amount)
SELECT organization_id, issue_date, status, due_date, count(*), sum(total)
FROM invoices GROUP BY organization_id, issue_date, status, due_date;
--> statement-breakpoint
-- Search by any part of an invoice number. ILIKE is not leakproof, so under row-level security the
-- trigram index could never serve it; this function reads as its owner, with the same organization
-- filter the tenant policy applies, so the index can. Only tenant transactions may call it.
CREATE FUNCTION invoice_ids_matching_number(pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp ROWS 100 AS $$
  SELECT id FROM invoices
  WHERE organization_id = nullif(current_setting('app.organization_id', true), '')::uuid
    AND number ILIKE pattern
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION invoice_ids_matching_number(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION invoice_ids_matching_number(text) TO invoicing_tenant;
