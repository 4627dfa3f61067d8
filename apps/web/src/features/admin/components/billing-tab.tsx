import { Button, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { BILLING_EXPORT_FILENAME, BILLING_PAGE_SIZE, currentYearRange, formatBillingDate, statusLabel } from '@notadoo/domain';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { saveBlob } from '../../../api/api-client';
import { readApiError } from '../../../api/api-error';
import { notifyError } from '../../../lib/notify';
import { exportOpenProjects, useOpenProjects } from '../api/open-projects';

/** Projects opened over a period, for billing: 100 per page, default the current calendar year, CSV export. */
export function BillingTab() {
  const [range, setRange] = useState(() => currentYearRange(new Date()));
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const projects = useOpenProjects({ ...range, page });
  const total = projects.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / BILLING_PAGE_SIZE));
  const invalidRange = range.from !== '' && range.to !== '' && range.from > range.to;

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
            error={invalidRange ? 'La date de début doit précéder la date de fin.' : undefined}
          />
        </Group>
        <Button leftSection={<IconFileSpreadsheet size={16} aria-hidden />} onClick={onExport} loading={exporting} disabled={invalidRange || total === 0}>
          Exporter en CSV
        </Button>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {total} dossier{total > 1 ? 's' : ''} ouvert{total > 1 ? 's' : ''} sur la période
      </Text>
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
            {(invalidRange ? [] : (projects.data?.items ?? [])).map((project) => (
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
        <Pagination total={pages} value={page} onChange={setPage} />
      </Group>
    </Stack>
  );
}
