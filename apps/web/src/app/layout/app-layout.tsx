import { AppShell } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { setApiNavigator } from '../../lib/api-client';
import { NavBar } from './nav-bar';

export function AppLayout() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();

  // The api client sends plan-limit answers to /usage; through the router the app stays loaded.
  useEffect(() => {
    setApiNavigator((path) => void navigate(path));
  }, [navigate]);

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <a href="#main-content" className="skip-link">
        {t('skipToContent')}
      </a>
      <AppShell.Header>
        <NavBar />
      </AppShell.Header>
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        <Outlet />
      </AppShell.Main>
      {/* A page opened from a link starts at its top, not where the previous page was scrolled to. */}
      <ScrollRestoration />
    </AppShell>
  );
}
