import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../lib/toast';
import { paths } from '../../../lib/paths';

/** Logout as the navigation bar does it: revoke, forget, drop cached data of this user, go to /login. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  return useCallback(async () => {
    // The call's code comes with the click: the navigation bar that offers Logout is on every page.
    const { logout } = await import('../api/logout');
    await logout();
    queryClient.clear();
    await navigate(paths.login);
    showToast(t('toast.signedOut'), 'info');
  }, [navigate, queryClient, t]);
}
