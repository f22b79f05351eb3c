import { invitationRoutes, memberRoutes, orgRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.service';
import {
  changeMemberRole,
  findOrganizationsOfUser,
  getCurrentOrganization,
  listMembers,
  removeMember,
  updateCurrentOrganization,
} from './orgs.service';
import { toMember } from './orgs.wire';

export const registerOrgRoutes: FeatureRoutes = (app, ctx) => {
  bindRoute(app, ctx.accessCheck, orgRoutes.list, ({ auth }) =>
    findOrganizationsOfUser(ctx.system, auth.userId),
  );
  bindRoute(app, ctx.accessCheck, orgRoutes.current, ({ scope }) => getCurrentOrganization(scope));
  bindRoute(app, ctx.accessCheck, orgRoutes.updateCurrent, ({ scope, body }) =>
    updateCurrentOrganization(scope, body),
  );

  bindRoute(app, ctx.accessCheck, memberRoutes.list, ({ scope }) => listMembers(scope));
  bindRoute(app, ctx.accessCheck, memberRoutes.changeRole, async ({ scope, params, body }) =>
    toMember(await changeMemberRole(scope, { membershipId: params.id, role: body.role }), scope.userId),
  );
  bindRoute(app, ctx.accessCheck, memberRoutes.remove, ({ scope, params }) => removeMember(scope, params.id));

  bindRoute(app, ctx.accessCheck, invitationRoutes.list, ({ scope }) => listInvitations(scope));
  bindRoute(app, ctx.accessCheck, invitationRoutes.create, ({ scope, body }) => inviteMember(scope, body));
  bindRoute(app, ctx.accessCheck, invitationRoutes.revoke, ({ scope, params }) =>
    revokeInvitation(scope, params.id),
  );
  bindRoute(app, ctx.accessCheck, invitationRoutes.preview, ({ body }) =>
    previewInvitation(ctx.system, body.token),
  );
  bindRoute(app, ctx.accessCheck, invitationRoutes.accept, ({ auth, body }) =>
    acceptInvitation(ctx.system, auth.userId, body.token),
  );
};
