import { useState } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { landingAfterSignIn } from '../../features/auth/components/use-invitation';
import { useAuthToken } from '../../lib/auth-token';
import { readReturnAddress } from '../../lib/return-address';

/**
 * The login screen is pointless to a visitor who comes with a token: go to the
 * dashboard, or to the inviting project from an invitation link (an invalid
 * token then ends at /logout), or back to the private page that sent the visitor here.
 * Decided on arrival only: a token stored while the screen is open is a sign-in
 * on it, whose own navigation decides where it goes (the setup of a
 * second factor, never the dashboard first); a redirect here too would race it.
 */
export function RedirectIfSignedIn() {
  // The token of the first render: none while React takes over a prerendered page (sent only to a visitor without a session).
  const token = useAuthToken();
  const [arrivedSignedIn] = useState(token !== undefined);
  const [params] = useSearchParams();
  const location = useLocation();
  if (arrivedSignedIn) return <Navigate to={landingAfter(params, location.state)} replace />;
  return <Outlet />;
}

/** The inviting project first (an invitation link), else where the visitor was going, else the dashboard. */
export function landingAfter(params: URLSearchParams, state: unknown): string {
  const landing = landingAfterSignIn(params);
  return landing === '/dashboard' ? (readReturnAddress(state) ?? landing) : landing;
}
