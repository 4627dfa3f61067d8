import { Navigate, Outlet, useSearchParams } from 'react-router';
import { landingAfterSignIn } from '../../features/auth/components/use-invitation';
import { useAuthToken } from '../../lib/auth-token';

/**
 * The login screen is pointless with a token: go to the dashboard, or to the
 * inviting project from an invitation link (an invalid token then ends at /logout).
 */
export function RedirectIfSignedIn() {
  const token = useAuthToken();
  const [params] = useSearchParams();
  if (token) return <Navigate to={landingAfterSignIn(params)} replace />;
  return <Outlet />;
}
