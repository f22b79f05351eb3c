import type { Session } from '../../lib/session';

export interface NavItem {
  key: string;
  to: string;
}

const organizationLinks: NavItem[] = [
  { key: 'dashboard', to: '/dashboard' },
  { key: 'customers', to: '/customers' },
  { key: 'items', to: '/items' },
  { key: 'invoices', to: '/invoices' },
  { key: 'invoiceDashboard', to: '/invoices/dashboard' },
  { key: 'ocr', to: '/ocr' },
  { key: 'fileManager', to: '/file-manager' },
  { key: 'usage', to: '/usage' },
  { key: 'upgradePlan', to: '/plans' },
];

/** The three variants of the bar (SPEC §2): visitor, signed-in user (with or without organization), superuser. */
export function navItemsFor(session: Session): { links: NavItem[]; showLogout: boolean } {
  if (!session.isAuthenticated) {
    return {
      links: [
        { key: 'login', to: '/login' },
        { key: 'register', to: '/register' },
      ],
      showLogout: false,
    };
  }
  if (session.isSuperuser) return { links: [{ key: 'adminPanel', to: '/admin' }], showLogout: true };
  const links: NavItem[] = [{ key: 'organizations', to: '/org/select' }];
  if (session.organizationId) links.push(...organizationLinks);
  return { links, showLogout: true };
}

/** /invoices stays unmarked on /invoices/dashboard, which has its own entry. */
export function isActivePath(pathname: string, to: string): boolean {
  if (to === '/invoices') {
    return (
      pathname === '/invoices' ||
      (pathname.startsWith('/invoices/') && !pathname.startsWith('/invoices/dashboard'))
    );
  }
  return pathname === to || pathname.startsWith(`${to}/`);
}
