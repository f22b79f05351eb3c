import { membershipRoles } from '@invoicing/contract';
import type { MembershipRole } from '@invoicing/contract';

/** OWNER above ADMIN above USER: a change down the list takes rights away. */
const rank: Record<MembershipRole, number> = { OWNER: 0, ADMIN: 1, USER: 2 };

export function isDemotion(from: MembershipRole, to: MembershipRole): boolean {
  return rank[to] > rank[from];
}

/** Whether `caller` may change or remove a member (or revoke an invitation) of role `role`. */
export function canManage(caller: MembershipRole, role: MembershipRole): boolean {
  if (caller === 'OWNER') return true;
  return caller === 'ADMIN' && role !== 'OWNER';
}

/** The roles `caller` may give: an admin makes nobody an owner. */
export function rolesGivenBy(caller: MembershipRole): MembershipRole[] {
  return membershipRoles.filter((role) => caller === 'OWNER' || role !== 'OWNER').reverse();
}
