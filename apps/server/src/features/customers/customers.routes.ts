import { customerRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { customersService } from './customers.service';

export const registerCustomerRoutes: FeatureRoutes = (app, ctx) => {
  bindRoute(app, ctx.accessCheck, customerRoutes.list, ({ scope, query }) =>
    customersService(scope).list(query),
  );
  bindRoute(app, ctx.accessCheck, customerRoutes.create, ({ scope, body }) =>
    customersService(scope).create(body),
  );
  bindRoute(app, ctx.accessCheck, customerRoutes.get, ({ scope, params }) =>
    customersService(scope).get(params.id),
  );
  bindRoute(app, ctx.accessCheck, customerRoutes.update, ({ scope, params, body }) =>
    customersService(scope).update(params.id, body),
  );
  bindRoute(app, ctx.accessCheck, customerRoutes.remove, async ({ scope, params }) => {
    await customersService(scope).remove(params.id);
  });
};
