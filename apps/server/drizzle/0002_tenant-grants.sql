-- What tenant transactions may touch: their own tables (row-level security limits the rows), and read-only
-- the shared tables they join to. Credentials are never readable from a tenant transaction.
GRANT USAGE ON SCHEMA public TO invoicing_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON memberships, subscriptions TO invoicing_tenant;
--> statement-breakpoint
GRANT SELECT ON plans, organizations TO invoicing_tenant;
--> statement-breakpoint
GRANT SELECT (id, email, name, is_active) ON users TO invoicing_tenant;
