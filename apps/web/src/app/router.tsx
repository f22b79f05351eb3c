import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ReactNode } from 'react';
import { paths } from '../lib/paths';
import { RequireAuth, RequireOrganization } from './guards';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './route-error';
import { AdminLoginPage } from './routes/admin-login';
import { AdminPage } from './routes/admin';
import { CustomerEditPage, CustomerNewPage, CustomersPage } from './routes/customers';
import { DashboardPage } from './routes/dashboard';
import { FileManagerPage } from './routes/file-manager';
import { InvoiceDashboardPage } from './routes/invoice-dashboard';
import { InvoiceDetailPage } from './routes/invoice-detail';
import { InvoiceNewPage } from './routes/invoice-new';
import { InvoicesPage } from './routes/invoices';
import { ItemEditPage, ItemNewPage, ItemsPage } from './routes/items';
import { LandingPage } from './routes/landing';
import { LoginPage } from './routes/login';
import { OcrPage } from './routes/ocr';
import { OcrReviewPage } from './routes/ocr-review';
import { OrgSelectPage } from './routes/org-select';
import { PaymentCancelPage } from './routes/payment-cancel';
import { PaymentEnhancedPage } from './routes/payment-enhanced';
import { PaymentFailurePage } from './routes/payment-failure';
import { PaymentSuccessPage } from './routes/payment-success';
import { PaymentPage } from './routes/payment';
import { PlansPage } from './routes/plans';
import { RegisterPage } from './routes/register';
import { UsagePage } from './routes/usage';

/**
 * A group of routes under one guard (or none), with its own error screen: a page that fails to render shows
 * the translated error in place of the page, inside the shell, and the rest of the app keeps working.
 */
function group(children: RouteObject[], guard?: ReactNode): RouteObject {
  return { element: guard, errorElement: <RouteError />, children };
}

/** The route table of SPEC §2, with its guards. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // Only when the shell itself fails: then there is no shell to keep.
    errorElement: <RouteError />,
    children: [
      group([
        { path: paths.home, element: <LandingPage /> },
        { path: paths.login, element: <LoginPage /> },
        { path: paths.register, element: <RegisterPage /> },
        { path: paths.adminLogin, element: <AdminLoginPage /> },
        { path: paths.paymentSuccess, element: <PaymentSuccessPage /> },
        { path: paths.paymentFailure, element: <PaymentFailurePage /> },
        { path: paths.paymentCancel, element: <PaymentCancelPage /> },
      ]),
      group(
        [
          { path: paths.orgSelect, element: <OrgSelectPage /> },
          // The admin screen itself tells a non-admin that access is denied.
          { path: paths.admin, element: <AdminPage /> },
          group(
            [
              { path: paths.dashboard, element: <DashboardPage /> },
              { path: paths.customers, element: <CustomersPage /> },
              { path: paths.customerNew, element: <CustomerNewPage /> },
              { path: paths.customerEdit, element: <CustomerEditPage /> },
              { path: paths.items, element: <ItemsPage /> },
              { path: paths.itemNew, element: <ItemNewPage /> },
              { path: paths.itemEdit, element: <ItemEditPage /> },
              { path: paths.invoices, element: <InvoicesPage /> },
              { path: paths.invoiceDashboard, element: <InvoiceDashboardPage /> },
              { path: paths.invoiceNew, element: <InvoiceNewPage /> },
              { path: paths.invoice, element: <InvoiceDetailPage /> },
              { path: paths.invoiceEdit, element: <InvoiceDetailPage /> },
              { path: paths.ocr, element: <OcrPage /> },
              { path: paths.ocrReview, element: <OcrReviewPage /> },
              { path: paths.fileManager, element: <FileManagerPage /> },
              { path: paths.usage, element: <UsagePage /> },
              { path: paths.plans, element: <PlansPage /> },
              { path: paths.payment, element: <PaymentPage /> },
              { path: paths.paymentEnhanced, element: <PaymentEnhancedPage /> },
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
