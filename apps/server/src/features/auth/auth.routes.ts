import { authRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';
import { authService } from './auth.service';

export const registerAuthRoutes: FeatureRoutes = (app, ctx) => {
  const auth = authService(ctx.system, ctx.tokens, ctx.config);
  bindRoute(app, ctx.accessCheck, authRoutes.register, ({ body, request }) =>
    auth.register(body, request.ip),
  );
  bindRoute(app, ctx.accessCheck, authRoutes.registerInvited, ({ body, request }) =>
    auth.registerInvited(body, request.ip),
  );
  bindRoute(app, ctx.accessCheck, authRoutes.login, ({ body, request }) => auth.login(body, request.ip));
  bindRoute(app, ctx.accessCheck, authRoutes.refresh, ({ body }) => auth.refresh(body.refresh));
  bindRoute(app, ctx.accessCheck, authRoutes.logout, async ({ body }) => {
    await auth.logout(body.refresh);
    return { success: true };
  });
  bindRoute(app, ctx.accessCheck, authRoutes.me, ({ auth: who }) => auth.getMe(who.userId));
};
