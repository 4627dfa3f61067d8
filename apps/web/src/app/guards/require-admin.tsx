import { Center, Loader } from '@mantine/core';
import { isAdmin } from '@notadoo/domain';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../api/get-session';

/** Admin screens: anyone else goes to the dashboard, including when the session cannot be read (deny by default). */
export function RequireAdmin() {
  const { session, isLoading } = useSession();
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Vérification de vos droits" />
      </Center>
    );
  }
  if (!session || !isAdmin(session)) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
