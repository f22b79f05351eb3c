import { orgRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { getCurrentOrganization, findOrganizationsOfUser } from './orgs.service';

export const registerOrgRoutes: FeatureRoutes = (app, ctx) => {
  bindRoute(app, ctx.accessCheck, orgRoutes.list, ({ auth }) =>
    findOrganizationsOfUser(ctx.system, auth.userId),
  );
  bindRoute(app, ctx.accessCheck, orgRoutes.current, ({ scope }) => getCurrentOrganization(scope));
};
