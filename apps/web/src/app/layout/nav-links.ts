import type { MembershipRole } from '@invoicing/contract';
import { paths } from '../../lib/paths';
import type { PagePath } from '../../lib/paths';
import type { Session } from '../../lib/session';

export interface NavItem {
  key: string;
  to: PagePath;
}

const organizationLinks: NavItem[] = [
  { key: 'dashboard', to: paths.dashboard },
  { key: 'customers', to: paths.customers },
  { key: 'items', to: paths.items },
  { key: 'invoices', to: paths.invoices },
  { key: 'invoiceDashboard', to: paths.invoiceDashboard },
  { key: 'ocr', to: paths.ocr },
  { key: 'fileManager', to: paths.fileManager },
  { key: 'members', to: paths.members },
  { key: 'usage', to: paths.usage },
  { key: 'upgradePlan', to: paths.plans },
];

/** Who sees the members page: the organization's owners and admins (DECISIONS.md: roles). */
const managesMembers = (role: MembershipRole | null | undefined) => role === 'OWNER' || role === 'ADMIN';

/**
 * The three variants of the bar (SPEC §2): visitor, signed-in user (with or without organization), superuser.
 * `role` is the user's role in the selected organization, once known: Members is for owners and admins.
 */
export function navItemsFor(
  session: Session,
  role?: MembershipRole | null,
): { links: NavItem[]; showLogout: boolean } {
  if (!session.isAuthenticated) {
    return {
      links: [
        { key: 'login', to: paths.login },
        { key: 'register', to: paths.register },
      ],
      showLogout: false,
    };
  }
  if (session.isSuperuser) return { links: [{ key: 'adminPanel', to: paths.admin }], showLogout: true };
  const links: NavItem[] = [{ key: 'organizations', to: paths.orgSelect }];
  if (session.organizationId) {
    links.push(...organizationLinks.filter((link) => link.key !== 'members' || managesMembers(role)));
  }
  return { links, showLogout: true };
}

/** /invoices stays unmarked on /invoices/dashboard, which has its own entry. */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === paths.invoices) {
    return (
      pathname === paths.invoices ||
      (pathname.startsWith(`${paths.invoices}/`) && !pathname.startsWith(paths.invoiceDashboard))
    );
  }
  return pathname === to || pathname.startsWith(`${to}/`);
}
