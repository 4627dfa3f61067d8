import { CLIENT_ROUTES, type Session } from '@notadoo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { setPasswordChangeRequiredHandler, setUnauthorizedHandler } from '../../api/api-client';
import { readSessionAnew, sessionQueryKey } from '../../api/get-session';
import { ReauthDialog } from '../../features/second-factor';
import { MaintenanceGate } from '../../features/site';

/** Top of every route: a rejected session navigates to /logout inside the app, keeping the page state; the second factor's dialog. */
export function RootLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Issue 27: a call held at the "stronger password" gate marks the session held, whose flag shows the screen
  // (RequireAuth), then reads it again. A layout effect: installed before any page's query starts.
  useLayoutEffect(
    () =>
      setPasswordChangeRequiredHandler(() => {
        queryClient.setQueryData<Session>(sessionQueryKey, (session) => session && { ...session, passwordChangeRequired: true });
        // A session read still in flight may predate the change (an admin made this user staff meanwhile): read it anew.
        void readSessionAnew(queryClient);
      }),
    [queryClient],
  );
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        void navigate('/logout', { replace: true });
      }),
    [navigate],
  );
  // Issue 27: an office member or admin without a second factor is sent to its setup; a sensitive action asks it again.
  const toSetup = useCallback(() => void navigate(CLIENT_ROUTES.secondFactorSetup, { replace: true }), [navigate]);
  return (
    <>
      <ScrollRestoration />
      <ReauthDialog onSetupRequired={toSetup} />
      <MaintenanceGate>
        <Outlet />
      </MaintenanceGate>
    </>
  );
}
