import { Anchor, Box, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageToggle } from '../../components/language-toggle';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useCurrentOrganization } from '../../lib/queries/current-organization';
import { useSession } from '../../lib/session';
import { navBreakpoint } from './nav-breakpoint';
import { isActivePath, navItemsFor } from './nav-links';
import { paths } from '../../lib/paths';

const NavDrawer = lazy(() => import('./nav-drawer').then((module) => ({ default: module.NavDrawer })));

export function NavBar() {
  const { t } = useTranslation(['nav', 'common']);
  const session = useSession();
  const { pathname } = useLocation();
  const logout = useLogout();
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's code arrives with the first press of the burger, and stays for its closing slide.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (opened && !drawerWanted) setDrawerWanted(true);
  // The role decides whether Members is offered; the dashboard and the editor read the same cache entry.
  const organization = useCurrentOrganization();
  const { links, showLogout } = navItemsFor(session, organization.data?.role);

  // Following a link (or signing out) closes the mobile menu.
  useEffect(() => close(), [pathname, close]);

  const renderLinks = (prefix: 'nav' | 'drawer-nav', vertical: boolean) => (
    <>
      {links.map((link) => {
        const active = isActivePath(pathname, link.to);
        return (
          <Button
            key={link.key}
            component={Link}
            to={link.to}
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'dark'}
            size={vertical ? 'md' : 'compact-sm'}
            // Narrow sides in the bar: every link of an owner fits a 1280-pixel screen, in both languages.
            px={vertical ? undefined : 6}
            justify={vertical ? 'flex-start' : undefined}
            fullWidth={vertical}
            fw={500}
            aria-current={active ? 'page' : undefined}
            data-testid={`${prefix}-${link.key}`}
          >
            {t(link.key)}
          </Button>
        );
      })}
      {showLogout ? (
        <Button
          variant="subtle"
          color="red"
          size={vertical ? 'md' : 'compact-sm'}
          px={vertical ? undefined : 6}
          justify={vertical ? 'flex-start' : undefined}
          fullWidth={vertical}
          fw={500}
          onClick={() => void logout()}
          data-testid={`${prefix}-logout`}
        >
          {t('logout')}
        </Button>
      ) : null}
    </>
  );

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Anchor
        component={Link}
        to={paths.home}
        fw={700}
        fz="lg"
        c="indigo.7"
        underline="never"
        aria-label={t('home')}
        style={{ whiteSpace: 'nowrap' }}
        data-testid="nav-brand"
      >
        {t('common:appName')}
      </Anchor>
      <Box
        component="nav"
        aria-label={t('mainNavigation')}
        visibleFrom={navBreakpoint}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="nav-bar"
      >
        <Group gap={2} justify="flex-end" wrap="nowrap">
          {renderLinks('nav', false)}
        </Group>
      </Box>
      <Group gap="xs" wrap="nowrap">
        <LanguageToggle />
        <Burger
          opened={opened}
          onClick={toggle}
          hiddenFrom={navBreakpoint}
          size="sm"
          aria-label={opened ? t('closeMenu') : t('openMenu')}
          aria-expanded={opened}
          aria-controls="mobile-navigation"
          data-testid="nav-burger"
        />
      </Group>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <NavDrawer opened={opened} onClose={close}>
            {renderLinks('drawer-nav', true)}
          </NavDrawer>
        </Suspense>
      ) : null}
    </Group>
  );
}
