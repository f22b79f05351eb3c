import type { SessionUser } from '@invoicing/contract';
import type { UserRow } from './auth.repository';

/** A user as the contract answers it. */
export const toSessionUser = (u: UserRow): SessionUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  is_superuser: u.isSuperuser,
});
