import { adminRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { adminService } from './admin.service';

/** The admin panel's calls: superusers only (the access check answers 401 without a token, else 403). */
export const registerAdminRoutes: FeatureRoutes = (app, ctx) => {
  const admin = adminService(ctx.system, {
    files: ctx.files,
    onFileRemovalError: (error) =>
      app.log.warn({ err: error }, 'stored files of a deleted organization not removed yet'),
  });
  const guard = ctx.accessCheck;
  bindRoute(app, guard, adminRoutes.users, ({ query }) => admin.listUsers(query));
  bindRoute(app, guard, adminRoutes.updateUser, ({ auth, params, body }) =>
    admin.updateUser(auth.userId, params.id, body),
  );
  bindRoute(app, guard, adminRoutes.organizations, ({ query }) => admin.listOrganizations(query));
  bindRoute(app, guard, adminRoutes.organization, ({ params }) => admin.getOrganization(params.id));
  bindRoute(app, guard, adminRoutes.deleteOrganization, ({ auth, params }) =>
    admin.removeOrganization(auth.userId, params.id),
  );
  bindRoute(app, guard, adminRoutes.memberships, ({ query }) => admin.listMemberships(query));
  bindRoute(app, guard, adminRoutes.updateMembership, ({ auth, params, body }) =>
    admin.updateMembership(auth.userId, params.id, body.role),
  );
  bindRoute(app, guard, adminRoutes.plans, () => admin.listPlans());
  bindRoute(app, guard, adminRoutes.updatePlan, ({ auth, params, body }) =>
    admin.updatePlan(auth.userId, params.id, body),
  );
  bindRoute(app, guard, adminRoutes.deletePlan, ({ auth, params }) =>
    admin.deletePlan(auth.userId, params.id),
  );
  bindRoute(app, guard, adminRoutes.paymentMethods, () => admin.listPaymentMethods());
  bindRoute(app, guard, adminRoutes.updatePaymentMethod, ({ auth, params, body }) =>
    admin.updatePaymentMethod(auth.userId, params.id, body),
  );
  bindRoute(app, guard, adminRoutes.togglePaymentMethod, ({ auth, params }) =>
    admin.togglePaymentMethod(auth.userId, params.id),
  );
  bindRoute(app, guard, adminRoutes.auditLog, ({ query }) => admin.listAudit(query));
};
