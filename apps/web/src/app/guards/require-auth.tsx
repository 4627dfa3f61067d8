import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthToken } from '../../lib/auth-token';
import type { ReturnAddressState } from '../../lib/return-address';

/** Private routes: a visitor without a token goes to the login screen (spec section 2, route guards), which brings them back here once signed in. */
export function RequireAuth() {
  const token = useAuthToken();
  const location = useLocation();
  if (!token) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` } satisfies ReturnAddressState} />;
  return <Outlet />;
}
