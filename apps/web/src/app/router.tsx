import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType, ReactNode } from 'react';
import { LoadingState } from '../components/query-state';
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
 * not part of what every visitor downloads.
 */
function page<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load())[name] as ComponentType }) };
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
        { path: paths.home, element: <LandingPage /> },
        { path: paths.login, ...page(() => import('./routes/login'), 'LoginPage') },
        { path: paths.register, ...page(() => import('./routes/register'), 'RegisterPage') },
        { path: paths.adminLogin, ...page(() => import('./routes/admin-login'), 'AdminLoginPage') },
        {
          path: paths.paymentSuccess,
          ...page(() => import('./routes/payment-success'), 'PaymentSuccessPage'),
        },
        {
          path: paths.paymentFailure,
          ...page(() => import('./routes/payment-failure'), 'PaymentFailurePage'),
        },
        { path: paths.paymentCancel, ...page(() => import('./routes/payment-cancel'), 'PaymentCancelPage') },
        {
          path: paths.paymentPaymobReturn,
          ...page(() => import('./routes/payment-paymob-return'), 'PaymobReturnPage'),
        },
        // An invitation link: open to visitors (register or sign in there) and to signed-in users.
        { path: paths.invite, ...page(() => import('./routes/invite'), 'InvitePage') },
      ]),
      group(
        [
          { path: paths.orgSelect, ...page(() => import('./routes/org-select'), 'OrgSelectPage') },
          // The admin screen itself tells a non-admin that access is denied.
          { path: paths.admin, ...page(() => import('./routes/admin'), 'AdminPage') },
          group(
            [
              { path: paths.dashboard, ...page(() => import('./routes/dashboard'), 'DashboardPage') },
              { path: paths.customers, ...page(() => import('./routes/customers'), 'CustomersPage') },
              { path: paths.customerNew, ...page(() => import('./routes/customers'), 'CustomerNewPage') },
              { path: paths.customerEdit, ...page(() => import('./routes/customers'), 'CustomerEditPage') },
              { path: paths.items, ...page(() => import('./routes/items'), 'ItemsPage') },
              { path: paths.itemNew, ...page(() => import('./routes/items'), 'ItemNewPage') },
              { path: paths.itemEdit, ...page(() => import('./routes/items'), 'ItemEditPage') },
              { path: paths.invoices, ...page(() => import('./routes/invoices'), 'InvoicesPage') },
              {
                path: paths.invoiceDashboard,
                ...page(() => import('./routes/invoice-dashboard'), 'InvoiceDashboardPage'),
              },
              { path: paths.invoiceNew, ...page(() => import('./routes/invoice-new'), 'InvoiceNewPage') },
              { path: paths.invoice, ...page(() => import('./routes/invoice-detail'), 'InvoiceDetailPage') },
              {
                path: paths.invoiceEdit,
                ...page(() => import('./routes/invoice-detail'), 'InvoiceDetailPage'),
              },
              { path: paths.ocr, ...page(() => import('./routes/ocr'), 'OcrPage') },
              { path: paths.ocrReview, ...page(() => import('./routes/ocr-review'), 'OcrReviewPage') },
              { path: paths.fileManager, ...page(() => import('./routes/file-manager'), 'FileManagerPage') },
              { path: paths.usage, ...page(() => import('./routes/usage'), 'UsagePage') },
              { path: paths.members, ...page(() => import('./routes/members'), 'MembersPage') },
              {
                path: paths.organization,
                ...page(() => import('./routes/organization'), 'OrganizationPage'),
              },
              { path: paths.plans, ...page(() => import('./routes/plans'), 'PlansPage') },
              { path: paths.payment, ...page(() => import('./routes/payment'), 'PaymentPage') },
              {
                path: paths.paymentEnhanced,
                ...page(() => import('./routes/payment-enhanced'), 'PaymentEnhancedPage'),
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
