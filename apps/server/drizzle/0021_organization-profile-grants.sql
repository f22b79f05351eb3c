-- Tenant transactions change their own organization's profile (the update policy of 0020 keeps them to
-- it): these columns only, never its currency, id or creation time.
GRANT UPDATE (name, country, tax_id, address) ON organizations TO invoicing_tenant;
