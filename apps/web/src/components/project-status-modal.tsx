import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { PROJECT_STATUSES, type ProjectStatus } from '@notadoo/domain';
import { useState } from 'react';

const STATUS_OPTIONS = Object.entries(PROJECT_STATUSES).map(([value, label]) => ({ value, label }));

interface ProjectStatusModalProps {
  opened: boolean;
  onClose: () => void;
  projectName: string;
  currentStatus: number;
  /** Called with the chosen status; the caller sends it and closes the modal whatever the answer (spec section 8). */
  onSubmit: (status: ProjectStatus) => void;
  loading?: boolean;
}

/** The change-status dialog: any status from any other, no restriction shown (spec section 4). */
export function ProjectStatusModal({ opened, onClose, projectName, currentStatus, onSubmit, loading = false }: ProjectStatusModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Changer le statut">
      {/* Mounted only while open so that each opening starts from the current status. */}
      {opened && (
        <StatusForm projectName={projectName} currentStatus={currentStatus} onSubmit={onSubmit} onCancel={onClose} loading={loading} />
      )}
    </Modal>
  );
}

interface StatusFormProps {
  projectName: string;
  currentStatus: number;
  onSubmit: (status: ProjectStatus) => void;
  onCancel: () => void;
  loading: boolean;
}

function StatusForm({ projectName, currentStatus, onSubmit, onCancel, loading }: StatusFormProps) {
  const [value, setValue] = useState<string | null>(String(currentStatus) in PROJECT_STATUSES ? String(currentStatus) : null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onSubmit(Number(value) as ProjectStatus);
      }}
    >
      <Stack gap="md">
        <Select
          label="Statut du dossier"
          description={projectName}
          data={STATUS_OPTIONS}
          value={value}
          onChange={setValue}
          allowDeselect={false}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" loading={loading} disabled={!value}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
