import { orgRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { getCurrentOrganization, listOrganizationsOfUser } from './orgs.service';

export const registerOrgRoutes: FeatureRoutes = (app, ctx) => {
  bindRoute(app, ctx.accessCheck, orgRoutes.list, ({ auth }) =>
    listOrganizationsOfUser(ctx.system, auth.userId),
  );
  bindRoute(app, ctx.accessCheck, orgRoutes.current, ({ scope }) => getCurrentOrganization(scope));
};
