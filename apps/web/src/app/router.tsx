import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { RequireAuth, RequireOrganization } from './guards';
import { AppLayout } from './layout/app-layout';
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

/** The route table of SPEC §2, with its guards. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/admin-login', element: <AdminLoginPage /> },
      { path: '/payment/success', element: <PaymentSuccessPage /> },
      { path: '/payment/failure', element: <PaymentFailurePage /> },
      { path: '/payment/cancel', element: <PaymentCancelPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/org/select', element: <OrgSelectPage /> },
          // The admin screen itself tells a non-admin that access is denied.
          { path: '/admin', element: <AdminPage /> },
          {
            element: <RequireOrganization />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/customers', element: <CustomersPage /> },
              { path: '/customers/new', element: <CustomerNewPage /> },
              { path: '/customers/:id/edit', element: <CustomerEditPage /> },
              { path: '/items', element: <ItemsPage /> },
              { path: '/items/new', element: <ItemNewPage /> },
              { path: '/items/:id/edit', element: <ItemEditPage /> },
              { path: '/invoices', element: <InvoicesPage /> },
              { path: '/invoices/dashboard', element: <InvoiceDashboardPage /> },
              { path: '/invoices/new', element: <InvoiceNewPage /> },
              { path: '/invoices/:id', element: <InvoiceDetailPage /> },
              { path: '/invoices/:id/edit', element: <InvoiceDetailPage /> },
              { path: '/ocr', element: <OcrPage /> },
              { path: '/ocr/:id', element: <OcrReviewPage /> },
              { path: '/file-manager', element: <FileManagerPage /> },
              { path: '/usage', element: <UsagePage /> },
              { path: '/plans', element: <PlansPage /> },
              { path: '/payment', element: <PaymentPage /> },
              { path: '/payment/enhanced', element: <PaymentEnhancedPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
