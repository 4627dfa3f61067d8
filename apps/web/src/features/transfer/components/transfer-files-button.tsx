import { Button } from '@mantine/core';
import { canTransferFiles, TRANSFER_MESSAGES, type Project, type Session } from '@notadoo/domain';
import { IconFileExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { checkBridgeVersion } from '../api/bridge-client';
import { useBridgeSettings } from '../api/get-bridge-settings';

// The modal is loaded on first use only: most visitors never transfer anything.
const TransferModal = lazy(() => import('./transfer-modal'));

interface TransferFilesButtonProps {
  project: Project;
  viewer: Session | undefined;
}

/**
 * "Transférer les fichiers" (spec section 2): shown when the status is above
 * 1, the user may transfer, and the local bridge answers its version call.
 * A bridge that does not answer is only logged (spec section 8).
 */
export function TransferFilesButton({ project, viewer }: TransferFilesButtonProps) {
  const allowed = viewer !== undefined && project.status > 1 && canTransferFiles(viewer, project);
  const settings = useBridgeSettings(allowed);
  const bridge = settings.data?.bridge ?? null;
  const userId = viewer?.id ?? 0;
  const version = useQuery({
    queryKey: ['transfer', 'bridge-version', bridge?.url, userId],
    queryFn: () => checkBridgeVersion(bridge!, userId),
    enabled: allowed && bridge !== null,
    retry: false,
    staleTime: 60_000,
  });
  const [opened, setOpened] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const onClose = useCallback(() => setOpened(false), []);

  useEffect(() => {
    if (version.isError) console.info("Passerelle du logiciel de rédaction d'actes injoignable : le bouton « Transférer les fichiers » reste masqué.");
  }, [version.isError]);
  useEffect(() => {
    if (settings.isError) console.info("Réglages de la passerelle du logiciel de rédaction d'actes indisponibles : le bouton « Transférer les fichiers » reste masqué.");
  }, [settings.isError]);

  if (!allowed || !bridge || version.data !== true || !viewer) return null;
  return (
    <>
      <Button
        variant="outline"
        leftSection={<IconFileExport size={16} aria-hidden />}
        onClick={() => {
          setEverOpened(true);
          setOpened(true);
        }}
      >
        {TRANSFER_MESSAGES.button}
      </Button>
      {everOpened && (
        <Suspense fallback={null}>
          <TransferModal opened={opened} onClose={onClose} project={project} userId={viewer.id} bridge={bridge} apiUrl={settings.data!.apiUrl} />
        </Suspense>
      )}
    </>
  );
}
