import type { FeatureRoutes } from '../platform/http/feature-context';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerHealthRoutes } from './health/health.routes';
import { registerOrgRoutes } from './orgs/orgs.routes';
import { registerCustomerRoutes } from './customers/customers.routes';
import { registerItemRoutes } from './items/items.routes';
import { registerInvoiceRoutes } from './invoices/invoices.routes';
import { registerAttachmentRoutes } from './attachments/attachments.routes';
import { registerOcrRoutes } from './ocr/ocr.routes';
import { registerUsageRoutes } from './usage/usage.routes';
import { registerBillingRoutes } from './billing/billing.routes';
import { registerAdminRoutes } from './admin/admin.routes';

/** Every feature's routes, registered in this order by buildApp (no folder autoload). */
export const featureRoutes: FeatureRoutes[] = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerOrgRoutes,
  registerCustomerRoutes,
  registerItemRoutes,
  registerInvoiceRoutes,
  registerAttachmentRoutes,
  registerOcrRoutes,
  registerUsageRoutes,
  registerBillingRoutes,
  registerAdminRoutes,
];
