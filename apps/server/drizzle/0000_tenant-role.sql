-- The role tenant transactions switch to. Roles belong to the whole server, so create it only when missing,
-- and tolerate a concurrent creation by another database's migration.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'invoicing_tenant') THEN
    CREATE ROLE invoicing_tenant NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint
-- The connecting user must be able to SET ROLE to it (superusers always can).
DO $$
BEGIN
  EXECUTE format('GRANT invoicing_tenant TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  NULL;
END
$$;
