import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../../api/api-client';
import { MaintenanceGate } from '../../features/site';

/** Top of every route: a rejected session navigates to /logout inside the app, keeping the page state. */
export function RootLayout() {
  const navigate = useNavigate();
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        void navigate('/logout', { replace: true });
      }),
    [navigate],
  );
  return (
    <>
      <ScrollRestoration />
      <MaintenanceGate>
        <Outlet />
      </MaintenanceGate>
    </>
  );
}
