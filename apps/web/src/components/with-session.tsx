import { Center, Loader } from '@mantine/core';
import type { Session } from '@notadoo/domain';
import type { ReactNode } from 'react';
import { useSession } from '../api/get-session';

/** Renders `children` with the signed-in session, a loader until it is known (private screens only). */
export function WithSession({ children }: { children: (session: Session) => ReactNode }) {
  const { session } = useSession();
  if (!session) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Chargement" />
      </Center>
    );
  }
  return children(session);
}
