import { render } from '@testing-library/react';
// react-router/dom resolves to a second copy of react-router under vitest; the core provider is enough here.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/router';
import { changeLanguage } from '../lib/i18n';
import type { Language } from '../lib/storage';

/** Renders the whole app at `path`, the way a user would land there. */
export async function renderApp(path: string, language: Language = 'en') {
  await changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
}

/** An unsigned token with the claims the page reads; the page never verifies signatures. */
export function fakeAccessToken(claims: { sub?: string; is_superuser?: boolean } = {}): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: 'user-1', is_superuser: false, ...claims })}.sig`;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
