import { Navigate, Outlet } from 'react-router';
import { useAuthToken } from '../../lib/auth-token';

/** Private routes: a visitor without a token goes to the login screen (spec section 2, route guards). */
export function RequireAuth() {
  const token = useAuthToken();
  if (!token) return <Navigate to="/login" replace />;
  return <Outlet />;
}
