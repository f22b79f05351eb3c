import { Navigate, Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { paths } from '../lib/paths';

/** Without an access token the user signs in first (SPEC §2, route guards). */
export function RequireAuth() {
  const { isAuthenticated } = useSession();
  if (!isAuthenticated) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/** Organization pages need a chosen organization: every call they make is scoped by it. */
export function RequireOrganization() {
  const { organizationId } = useSession();
  if (!organizationId) return <Navigate to={paths.orgSelect} replace />;
  return <Outlet />;
}
