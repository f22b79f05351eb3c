import type { OrgScope } from '../db/org-scope';

export interface AuthContext {
  userId: string;
  isSuperuser: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    scope: OrgScope | null;
  }
}

export const organizationHeader = 'x-organization-id';
