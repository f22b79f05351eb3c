import { customerRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import type { OrgScope } from '../../platform/db/org-scope';
import { countInvoicesOfCustomer } from '../invoices/invoices.service';
import { customersService } from './customers.service';

const service = (scope: OrgScope) =>
  customersService(scope, { countInvoices: countInvoicesOfCustomer(scope) });

export const registerCustomerRoutes: FeatureRoutes = (app, ctx) => {
  bindRoute(app, ctx.accessCheck, customerRoutes.list, ({ scope, query }) => service(scope).list(query));
  bindRoute(app, ctx.accessCheck, customerRoutes.create, ({ scope, body }) => service(scope).create(body));
  bindRoute(app, ctx.accessCheck, customerRoutes.get, ({ scope, params }) => service(scope).get(params.id));
  bindRoute(app, ctx.accessCheck, customerRoutes.update, ({ scope, params, body }) =>
    service(scope).update(params.id, body),
  );
  bindRoute(app, ctx.accessCheck, customerRoutes.remove, async ({ scope, params }) => {
    await service(scope).remove(params.id);
  });
};
