import { authRoutes } from '@invoicing/contract';
import { callApi } from '../../../lib/api-client';
import { clearSession, getRefreshToken } from '../../../lib/storage';

/**
 * Revokes the refresh token on the server, then forgets the session here. The local sign-out happens even
 * when the server cannot be reached: a user who clicks Logout must end up signed out.
 */
export async function logout(refreshToken: string | null = getRefreshToken()): Promise<void> {
  try {
    if (refreshToken) await callApi(authRoutes.logout, { body: { refresh: refreshToken } });
  } catch {
    // See above: revocation is best effort, the local sign-out is not.
  } finally {
    clearSession();
  }
}
