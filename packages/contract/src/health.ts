import { z } from 'zod';
import { defineRoute } from './route';

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    access: 'public',
    summary: 'Answers 200 once the server is ready (database migrated)',
    response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
  }),
};
