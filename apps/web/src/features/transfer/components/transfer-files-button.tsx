import { Button, Group, Text } from '@mantine/core';
import { canTransferFiles, TRANSFER_MESSAGES, type Project, type Session } from '@notadoo/domain';
import { IconFileExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
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
 * 1 and the user may transfer. While the local bridge does not answer its
 * version call, the button is disabled with a short reason and a retry (the
 * spec hid it, and notaries took the missing button for a fault of the file).
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

  const reasonId = useId();
  useEffect(() => {
    if (version.isError)
      console.info("Passerelle du logiciel de rédaction d'actes injoignable : le bouton « Transférer les fichiers » est désactivé.");
  }, [version.isError]);
  useEffect(() => {
    if (settings.isError)
      console.info(
        "Réglages de la passerelle du logiciel de rédaction d'actes indisponibles : le bouton « Transférer les fichiers » reste masqué.",
      );
  }, [settings.isError]);

  if (!allowed || !bridge || !viewer) return null;
  if (version.isError) {
    return (
      <Group gap="xs" wrap="wrap">
        <Button variant="outline" leftSection={<IconFileExport size={16} aria-hidden />} disabled aria-describedby={reasonId}>
          {TRANSFER_MESSAGES.button}
        </Button>
        <Text size="sm" c="dimmed" id={reasonId}>
          {TRANSFER_MESSAGES.bridgeUnreachable}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => void version.refetch()} loading={version.isFetching}>
          {TRANSFER_MESSAGES.bridgeRetry}
        </Button>
      </Group>
    );
  }
  if (version.data !== true) return null;
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
          <TransferModal
            opened={opened}
            onClose={onClose}
            project={project}
            userId={viewer.id}
            bridge={bridge}
            apiUrl={settings.data!.apiUrl}
          />
        </Suspense>
      )}
    </>
  );
}
