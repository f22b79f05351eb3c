/** A member's role in an organization (DECISIONS.md: roles). */
export const membershipRoles = ['OWNER', 'ADMIN', 'USER'] as const;
export type MembershipRole = (typeof membershipRoles)[number];
