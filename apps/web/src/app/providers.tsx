import { DirectionProvider, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { directionOf, i18n } from '../lib/i18n';
import { LanguageSync } from './language-sync';
import { theme } from './theme';
import { Toasts } from './toasts';

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals for component tests. */
  env?: 'default' | 'test';
}

export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
        <MantineProvider theme={theme} env={env}>
          <LanguageSync />
          <Toasts />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
