import { Navigate, Outlet } from 'react-router';
import { useAuthToken } from '../../lib/auth-token';

/** The login screen is pointless with a token: go to the dashboard (an invalid token then ends at /logout). */
export function RedirectIfSignedIn() {
  const token = useAuthToken();
  if (token) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
