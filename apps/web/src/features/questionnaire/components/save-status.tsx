import { Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLock } from '@tabler/icons-react';
import type { SaveStatus } from '../lib/autosave-controller';

export const SAVE_STATUS_LABELS: Record<SaveStatus, string> = {
  saved: 'Enregistré',
  pending: 'Enregistrement…',
  saving: 'Enregistrement…',
  retrying: 'Non enregistré — nouvelle tentative…',
  failed: 'Non enregistré',
  refused: 'Enregistrement impossible',
  conflict: 'Non enregistré — version plus récente sur le serveur',
};

function StatusIcon({ status }: { status: SaveStatus }) {
  if (status === 'saved') return <IconCheck size={16} color="var(--mantine-color-teal-9)" aria-hidden />;
  if (status === 'pending' || status === 'saving') return <Loader size={14} aria-hidden />;
  if (status === 'refused') return <IconLock size={16} color="var(--mantine-color-red-7)" aria-hidden />;
  return <IconAlertTriangle size={16} color="var(--mantine-color-orange-7)" aria-hidden />;
}

/** Where the answers stand, read out politely by screen readers as it changes. */
export function SaveStatusIndicator({ status, message }: { status: SaveStatus; message: string | null }) {
  const detail = status === 'failed' && message ? ` : ${message}` : '';
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-live="polite" aria-atomic="true" data-save-status={status}>
      <StatusIcon status={status} />
      <Text size="sm" c={status === 'saved' ? 'teal.9' : status === 'pending' || status === 'saving' ? 'dimmed' : 'orange.9'}>
        {SAVE_STATUS_LABELS[status]}
        {detail}
      </Text>
    </Group>
  );
}
