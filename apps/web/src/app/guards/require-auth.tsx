import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../api/get-session';
import { useAuthToken } from '../../lib/auth-token';
import type { ReturnAddressState } from '../../lib/return-address';
import { lazyPage } from '../lazy-page';

// Its own chunk: only a held staff session ever sees it.
const StrongerPasswordPage = lazyPage(() => import('../routes/account/stronger-password'), 'StrongerPasswordPage');

/**
 * Private routes: a visitor without a token goes to the login screen (spec section 2, route guards), which brings them back here once signed in.
 * A session the server holds at the "stronger password" gate (issue 27) sees that screen instead of the page, which shows once it is done.
 */
export function RequireAuth() {
  const token = useAuthToken();
  const location = useLocation();
  const { session } = useSession();
  if (!token)
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` } satisfies ReturnAddressState} />;
  if (session?.passwordChangeRequired) return <StrongerPasswordPage session={session} />;
  return <Outlet />;
}
