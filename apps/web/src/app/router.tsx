import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType, ReactNode } from 'react';
import { LoadingState } from '../components/query-state';
import { loadNamespaces } from '../lib/i18n';
import { paths } from '../lib/paths';
import { RequireAuth, RequireOrganization } from './guards';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';
import { LandingPage } from './routes/landing';

/**
 * A group of routes under one guard (or none), with its own error screen: a page that fails to render shows
 * the translated error in place of the page, inside the shell, and the rest of the app keeps working.
 */
function group(children: RouteObject[], guard?: ReactNode): RouteObject {
  return { element: guard, errorElement: <RouteError />, children };
}

/**
 * A page loaded when it is first opened: its code (and what only it uses, such as charts or the drop zone) is
 * not part of what every visitor downloads. Its texts (`namespaces`: the catalogues it shows besides the
 * shell's, which app/router.test.ts checks against its code) are downloaded beside it, in the page language.
 */
function page<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  namespaces: readonly string[],
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
      return { Component: module[name] as ComponentType };
    },
  };
}

/**
 * A page whose code is part of the shell: the landing page, which most first visits open, and whose few parts
 * (grids, lists, badges) most other pages use as well. Only its texts are downloaded when it is opened.
 */
function shellPage(Component: ComponentType, namespaces: readonly string[]): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      await loadNamespaces(namespaces);
      return { Component };
    },
  };
}

/** The route table of SPEC §2, with its guards. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Shown while the code of the page first opened arrives.
    hydrateFallbackElement: <LoadingState testId="page-loading" />,
    // Only when the shell itself fails: then there is no shell to keep.
    errorElement: <RouteError />,
    children: [
      group([
        { path: paths.home, ...shellPage(LandingPage, ['landing']) },
        { path: paths.login, ...page(() => import('./routes/login'), 'LoginPage', ['auth', 'errors']) },
        {
          path: paths.register,
          ...page(() => import('./routes/register'), 'RegisterPage', ['auth', 'errors']),
        },
        {
          path: paths.adminLogin,
          ...page(() => import('./routes/admin-login'), 'AdminLoginPage', ['auth', 'errors']),
        },
        {
          path: paths.paymentSuccess,
          ...page(() => import('./routes/payment-success'), 'PaymentSuccessPage', [
            'errors',
            'pages',
            'payments',
            'plans',
            'usage',
          ]),
        },
        {
          path: paths.paymentFailure,
          ...page(() => import('./routes/payment-failure'), 'PaymentFailurePage', ['pages', 'payments']),
        },
        {
          path: paths.paymentCancel,
          ...page(() => import('./routes/payment-cancel'), 'PaymentCancelPage', ['pages', 'payments']),
        },
        {
          path: paths.paymentPaymobReturn,
          ...page(() => import('./routes/payment-paymob-return'), 'PaymobReturnPage', ['errors', 'payments']),
        },
        // An invitation link: open to visitors (register or sign in there) and to signed-in users.
        {
          path: paths.invite,
          ...page(() => import('./routes/invite'), 'InvitePage', ['auth', 'errors', 'members', 'orgs']),
        },
      ]),
      group(
        [
          {
            path: paths.orgSelect,
            ...page(() => import('./routes/org-select'), 'OrgSelectPage', ['errors', 'orgs']),
          },
          // The admin screen itself tells a non-admin that access is denied.
          { path: paths.admin, ...page(() => import('./routes/admin'), 'AdminPage', ['admin', 'errors']) },
          group(
            [
              {
                path: paths.dashboard,
                ...page(() => import('./routes/dashboard'), 'DashboardPage', ['dashboard', 'errors', 'orgs']),
              },
              {
                path: paths.customers,
                ...page(() => import('./routes/customers'), 'CustomersPage', ['customers', 'errors']),
              },
              {
                path: paths.customerNew,
                ...page(() => import('./routes/customers'), 'CustomerNewPage', ['customers', 'errors']),
              },
              {
                path: paths.customerEdit,
                ...page(() => import('./routes/customers'), 'CustomerEditPage', ['customers', 'errors']),
              },
              {
                path: paths.items,
                ...page(() => import('./routes/items'), 'ItemsPage', ['errors', 'items']),
              },
              {
                path: paths.itemNew,
                ...page(() => import('./routes/items'), 'ItemNewPage', ['errors', 'items']),
              },
              {
                path: paths.itemEdit,
                ...page(() => import('./routes/items'), 'ItemEditPage', ['errors', 'items']),
              },
              {
                path: paths.invoices,
                ...page(() => import('./routes/invoices'), 'InvoicesPage', ['errors', 'invoices']),
              },
              {
                path: paths.invoiceDashboard,
                ...page(() => import('./routes/invoice-dashboard'), 'InvoiceDashboardPage', [
                  'errors',
                  'invoices',
                ]),
              },
              {
                path: paths.invoiceNew,
                ...page(() => import('./routes/invoice-new'), 'InvoiceNewPage', ['errors', 'invoices']),
              },
              {
                path: paths.invoice,
                ...page(() => import('./routes/invoice-detail'), 'InvoiceDetailPage', ['errors', 'invoices']),
              },
              {
                path: paths.invoiceEdit,
                ...page(() => import('./routes/invoice-detail'), 'InvoiceDetailPage', ['errors', 'invoices']),
              },
              { path: paths.ocr, ...page(() => import('./routes/ocr'), 'OcrPage', ['errors', 'ocr']) },
              {
                path: paths.ocrReview,
                ...page(() => import('./routes/ocr-review'), 'OcrReviewPage', ['errors', 'ocr']),
              },
              {
                path: paths.fileManager,
                ...page(() => import('./routes/file-manager'), 'FileManagerPage', ['errors', 'ocr']),
              },
              {
                path: paths.usage,
                ...page(() => import('./routes/usage'), 'UsagePage', ['errors', 'pages', 'plans', 'usage']),
              },
              {
                path: paths.members,
                ...page(() => import('./routes/members'), 'MembersPage', ['errors', 'members', 'orgs']),
              },
              {
                path: paths.organization,
                ...page(() => import('./routes/organization'), 'OrganizationPage', ['errors', 'orgs']),
              },
              {
                path: paths.plans,
                ...page(() => import('./routes/plans'), 'PlansPage', [
                  'errors',
                  'pages',
                  'payments',
                  'plans',
                ]),
              },
              {
                path: paths.payment,
                ...page(() => import('./routes/payment'), 'PaymentPage', [
                  'errors',
                  'pages',
                  'payments',
                  'plans',
                ]),
              },
              {
                path: paths.paymentEnhanced,
                ...page(() => import('./routes/payment-enhanced'), 'PaymentEnhancedPage', [
                  'errors',
                  'pages',
                  'payments',
                  'plans',
                ]),
              },
            ],
            <RequireOrganization />,
          ),
        ],
        <RequireAuth />,
      ),
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
];
