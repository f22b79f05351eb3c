import { Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { navBreakpoint } from './nav-breakpoint';

interface NavDrawerProps {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The menu behind the burger on narrow screens. Its own file, loaded when the burger is first pressed: the
 * drawer (and the scroll area and focus trap it brings) is not part of what a wide screen downloads.
 */
export function NavDrawer({ opened, onClose, children }: NavDrawerProps) {
  const { t } = useTranslation('nav');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('menu')}
      // Mantine reads the side in the page's direction: right is the end, where the button is, in Arabic too.
      position="right"
      size="xs"
      hiddenFrom={navBreakpoint}
      id="mobile-navigation"
      closeButtonProps={{ 'aria-label': t('closeMenu') }}
    >
      <Stack component="nav" aria-label={t('mainNavigation')} gap={4} data-testid="drawer-nav">
        {children}
      </Stack>
    </Drawer>
  );
}
