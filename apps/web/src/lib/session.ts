import { useSyncExternalStore } from 'react';
import { readAccessTokenClaims } from './jwt';
import { getAccessToken, getOrganizationId, subscribe } from './storage';

export interface Session {
  isAuthenticated: boolean;
  isSuperuser: boolean;
  userId: string | null;
  organizationId: string | null;
}

/** The sign-in state as stored; re-renders when storage changes here or in another tab. */
export function useSession(): Session {
  const accessToken = useSyncExternalStore(subscribe, getAccessToken, () => null);
  const organizationId = useSyncExternalStore(subscribe, getOrganizationId, () => null);
  const claims = readAccessTokenClaims(accessToken);
  return {
    isAuthenticated: accessToken !== null,
    isSuperuser: claims?.isSuperuser ?? false,
    userId: claims?.sub ?? null,
    organizationId,
  };
}
