-- Tenant transactions list, create and revoke their organization's invitations (row-level security keeps
-- them to it). Accepting one happens before the user is a member, through system access. Rows are kept
-- (revoked or accepted), never deleted by a tenant.
GRANT SELECT, INSERT, UPDATE ON invitations TO invoicing_tenant;
