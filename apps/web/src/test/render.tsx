import { act, render, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
// react-router/dom resolves to a second copy of react-router under vitest; the core provider is enough here.
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import type { Params, RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { changeLanguage } from '../lib/i18n';
import type { Language } from '../lib/storage';

/** Renders a route table inside the app's providers, at `path`. */
export async function renderRoutes(routes: RouteObject[], path: string, language: Language = 'en') {
  await changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <Providers queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  // Pages load their code when first opened: the test starts once the page at `path` is there.
  const pageIsThere = () => {
    const loading = !router.state.initialized || router.state.navigation.state !== 'idle';
    if (loading || utils.queryByTestId('page-loading')) throw new Error('the page is loading');
  };
  await waitFor(pageIsThere);
  // A guard sends the user elsewhere from an effect (<Navigate>), which runs after the screen was drawn: once
  // effects have run, a redirect has started, and the test starts on the page it leads to.
  await act(() => Promise.resolve());
  await waitFor(pageIsThere);
  return { ...utils, router };
}

/** Renders the whole app at `path`, the way a user would land there: shell, navigation bar and guards. */
export async function renderApp(path: string, language: Language = 'en') {
  // Loaded on first use: files that render single pages do not load every page of the app.
  const { routes } = await import('../app/router');
  return renderRoutes(routes, path, language);
}

/** A page of `renderPages`: what it shows, from the route's parameters. */
export type TestPage = (params: Readonly<Params<string>>) => ReactNode;

function PageAt({ page }: { page: TestPage }) {
  return page(useParams());
}

/**
 * Renders only `pages` (route path to page) inside the app's providers, at `path`: the screen under test
 * without the shell, navigation bar and guards around it. Any other path shows an empty placeholder, where
 * a test sees the page's navigation arrive.
 */
export async function renderPages(pages: Record<string, TestPage>, path: string, language: Language = 'en') {
  const routes: RouteObject[] = [
    ...Object.entries(pages).map(([pagePath, page]) => ({ path: pagePath, element: <PageAt page={page} /> })),
    { path: '*', element: <div data-testid="page-elsewhere" /> },
  ];
  return renderRoutes(routes, path, language);
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

/** One request the page made, as a fake API sees it: the path is under /api/v1. */
export interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * Replaces fetch with a fake API: `answer` answers a call or leaves it (undefined) to a 404. Answers the
 * calls made so far, in order.
 */
export function stubApi(answer: (call: ApiCall) => Response | Promise<Response> | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: Object.fromEntries(url.searchParams),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return (await answer(call)) ?? jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return calls;
}
