import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { landingAfterSignIn } from '../../features/auth/components/use-invitation';
import { useAuthToken } from '../../lib/auth-token';
import { readReturnAddress } from '../../lib/return-address';

/**
 * The login screen is pointless with a token: go to the dashboard, or to the
 * inviting project from an invitation link (an invalid token then ends at /logout),
 * or back to the private page that sent the visitor here.
 */
export function RedirectIfSignedIn() {
  const token = useAuthToken();
  const [params] = useSearchParams();
  const location = useLocation();
  if (token) return <Navigate to={landingAfter(params, location.state)} replace />;
  return <Outlet />;
}

/** The inviting project first (an invitation link), else where the visitor was going, else the dashboard. */
export function landingAfter(params: URLSearchParams, state: unknown): string {
  const landing = landingAfterSignIn(params);
  return landing === '/dashboard' ? (readReturnAddress(state) ?? landing) : landing;
}
