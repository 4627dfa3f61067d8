import { Alert, Button, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  BILLING_EXPORT_FILENAME,
  BILLING_MESSAGES,
  BILLING_PAGE_SIZE,
  currentYearRange,
  formatBillingDate,
  statusLabel,
} from '@notadoo/domain';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { saveBlob } from '../../../api/api-client';
import { readApiError } from '../../../api/api-error';
import { notifyError } from '../../../lib/notify';
import { exportOpenProjects, useOpenProjects } from '../api/open-projects';
import { paginationControlLabels } from './pagination-labels';

/** Projects opened over a period, for billing: 100 per page, default the current calendar year, CSV export. */
export function BillingTab() {
  const [range, setRange] = useState(() => currentYearRange(new Date()));
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const invalidRange = range.from !== '' && range.to !== '' && range.from > range.to;
  const projects = useOpenProjects({ ...range, page }, !invalidRange);
  // A range the server refuses (an inverted one, a year out of bounds) is said, not shown as "0 dossier".
  const refusal = invalidRange ? BILLING_MESSAGES.rangeInverted : projects.isError ? readApiError(projects.error).message : null;
  const shown = refusal === null ? projects.data : undefined;
  const total = shown?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / BILLING_PAGE_SIZE));

  const setBound = (bound: 'from' | 'to', value: string) => {
    setRange((r) => ({ ...r, [bound]: value }));
    setPage(1);
  };
  const onExport = async () => {
    setExporting(true);
    try {
      saveBlob(await exportOpenProjects(range), BILLING_EXPORT_FILENAME);
    } catch (error) {
      notifyError(readApiError(error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end">
          <TextInput type="date" label="Du" value={range.from} onChange={(e) => setBound('from', e.currentTarget.value)} />
          <TextInput
            type="date"
            label="Au"
            value={range.to}
            onChange={(e) => setBound('to', e.currentTarget.value)}
            // The message is the alert's below; the field is marked.
            error={invalidRange}
          />
        </Group>
        <Button
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          onClick={onExport}
          loading={exporting}
          disabled={refusal !== null || total === 0}
        >
          Exporter en CSV
        </Button>
      </Group>
      {refusal !== null ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" title="Période invalide">
          {refusal}
        </Alert>
      ) : (
        <Text size="sm" c="dimmed" aria-live="polite">
          {shown ? `${total} dossier${total > 1 ? 's' : ''} ouvert${total > 1 ? 's' : ''} sur la période` : 'Chargement des dossiers…'}
        </Text>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs" aria-label="Dossiers ouverts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>N°</Table.Th>
              <Table.Th>Nom du dossier</Table.Th>
              <Table.Th>Office</Table.Th>
              <Table.Th>Créé le</Table.Th>
              <Table.Th>Statut</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(shown?.items ?? []).map((project) => (
              <Table.Tr key={project.id}>
                <Table.Td>{project.id}</Table.Td>
                <Table.Td>{project.name}</Table.Td>
                <Table.Td>{project.city ?? '—'}</Table.Td>
                <Table.Td>{formatBillingDate(project.created_at)}</Table.Td>
                <Table.Td>{statusLabel(project.status)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Pagination total={pages} value={page} onChange={setPage} getControlProps={paginationControlLabels} />
      </Group>
    </Stack>
  );
}
