import { sql } from 'drizzle-orm';
import { healthRoutes } from '@invoicing/contract';
import { bindRoute } from '../../platform/http/bind-route';
import type { FeatureRoutes } from '../../platform/http/feature-context';

export const registerHealthRoutes: FeatureRoutes = (app, ctx) => {
  bindRoute(app, ctx.accessCheck, healthRoutes.health, async () => {
    await ctx.system.db.execute(sql`select 1`);
    return {
      status: 'ok' as const,
      database: ctx.databaseKind === 'pglite' ? ('pglite' as const) : ('postgres' as const),
    };
  });
};
