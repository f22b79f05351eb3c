-- Every change to who may do what (a user's active and superuser flags, a membership and its role) is
-- signalled, so that API processes can keep the answers of their access checks between requests:
-- NOTIFY access_changed reaches every process once the change commits, and a NOTICE reaches the process
-- that makes the change on its own connection, before its statement returns.
CREATE FUNCTION access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    changed := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  ELSE
    changed := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END;
  END IF;
  PERFORM pg_notify('access_changed', changed::text);
  RAISE NOTICE 'access_changed' USING DETAIL = changed::text;
  -- A membership moved to another user changes the old user's access too (PL/pgSQL evaluates both sides
  -- of an AND, so the table is tested first).
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'memberships' THEN
    IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('access_changed', OLD.user_id::text);
      RAISE NOTICE 'access_changed' USING DETAIL = OLD.user_id::text;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_access_changed AFTER UPDATE OF is_active, is_superuser ON users
FOR EACH ROW
WHEN ((OLD.is_active, OLD.is_superuser) IS DISTINCT FROM (NEW.is_active, NEW.is_superuser))
EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER users_access_removed AFTER DELETE ON users
FOR EACH ROW EXECUTE FUNCTION access_changed();
--> statement-breakpoint
CREATE TRIGGER memberships_access_changed AFTER INSERT OR UPDATE OR DELETE ON memberships
FOR EACH ROW EXECUTE FUNCTION access_changed();
