import { itemRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { itemsService } from './items.service';

export const registerItemRoutes: FeatureRoutes = (app, ctx) => {
  bindRoute(app, ctx.accessCheck, itemRoutes.list, ({ scope, query }) => itemsService(scope).list(query));
  bindRoute(app, ctx.accessCheck, itemRoutes.create, ({ scope, body }) => itemsService(scope).create(body));
  bindRoute(app, ctx.accessCheck, itemRoutes.get, ({ scope, params }) => itemsService(scope).get(params.id));
  bindRoute(app, ctx.accessCheck, itemRoutes.update, ({ scope, params, body }) =>
    itemsService(scope).update(params.id, body),
  );
  bindRoute(app, ctx.accessCheck, itemRoutes.remove, async ({ scope, params }) => {
    await itemsService(scope).remove(params.id);
  });
};
