import { usageRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { usageService } from './usage.service';

export const registerUsageRoutes: FeatureRoutes = (app, ctx) => {
  bindRoute(app, ctx.accessCheck, usageRoutes.summary, ({ scope }) => usageService(scope).summary());
  bindRoute(app, ctx.accessCheck, usageRoutes.dashboard, ({ scope }) => usageService(scope).dashboard());
};
