import { Alert, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  formatHistoryInstant,
  HISTORY_EVENT_KINDS,
  historyFileName,
  HISTORY_EVENT_LABELS,
  type HistoryEntryView,
  type HistoryEventKind,
  type Project,
} from '@notadoo/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile, saveBlob } from '../../../api/api-client';
import { readApiError } from '../../../api/api-error';
import { reportFailure } from '../../../lib/report-failure';
import { historyFilterQuery, NO_HISTORY_FILTERS, useHistoryPages, type HistoryFilters } from '../api/get-history-page';

const PAGE_SIZES = ['20', '50', '100', '500'];
const KIND_OPTIONS = [
  { value: '', label: 'Tous les événements' },
  ...HISTORY_EVENT_KINDS.map((kind) => ({ value: kind, label: HISTORY_EVENT_LABELS[kind] })),
];

/**
 * The "Historique" tab: every event of the file, newest first, for
 * the office and admins; a participant sees those about their own answers and
 * pieces. Filters (kind, person, days), pages of a chosen size read in turn
 * ("Afficher plus"), and the same selection downloaded as PDF or CSV.
 */
export function HistoryTab({ project }: { project: Project }) {
  const [filters, setFilters] = useState<HistoryFilters>(NO_HISTORY_FILTERS);
  const [pageSize, setPageSize] = useState('50');
  const pages = useHistoryPages(project.id, filters, Number(pageSize));
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);
  const first = pages.data?.pages[0];
  const entries = pages.data?.pages.flatMap((page) => page.entries) ?? [];
  const actorOptions = [
    { value: '', label: 'Tout le monde' },
    ...(first?.actors ?? []).map((a) => ({ value: a.id === null ? 'system' : String(a.id), label: a.name })),
  ];
  const update = (change: Partial<HistoryFilters>) => setFilters((current) => ({ ...current, ...change }));

  const download = (format: 'csv' | 'pdf') => {
    setDownloading(format);
    const query = historyFilterQuery(filters).toString();
    void downloadFile(`project/${project.id}/history.${format}${query ? `?${query}` : ''}`)
      .then((blob) => saveBlob(blob, historyFileName(project.id, format)))
      .catch((error: unknown) => reportFailure(error, [400, 403, 404]))
      .finally(() => setDownloading(null));
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="history-title">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} size="h3" id="history-title">
            Historique du dossier
          </Title>
          {first?.scope === 'own' && (
            <Text size="sm" c="dimmed">
              Les événements concernant vos réponses, vos pièces et vos connexions.
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading === 'pdf'}
            onClick={() => download('pdf')}
          >
            Télécharger en PDF
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={downloading === 'csv'}
            onClick={() => download('csv')}
          >
            Télécharger en CSV
          </Button>
        </Group>
      </Group>

      <Paper
        withBorder
        p="sm"
        component="form"
        role="search"
        aria-label="Filtrer l'historique"
        onSubmit={(event) => event.preventDefault()}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm">
          <Select
            label="Événement"
            data={KIND_OPTIONS}
            value={filters.kind}
            onChange={(value) => update({ kind: (value ?? '') as HistoryEventKind | '' })}
            allowDeselect={false}
          />
          <Select
            label="Personne"
            data={actorOptions}
            value={filters.actor}
            onChange={(value) => update({ actor: value ?? '' })}
            allowDeselect={false}
          />
          <TextInput type="date" label="Du" value={filters.from} onChange={(event) => update({ from: event.currentTarget.value })} />
          <TextInput type="date" label="Au" value={filters.to} onChange={(event) => update({ to: event.currentTarget.value })} />
          <Select
            label="Par page"
            data={PAGE_SIZES}
            value={pageSize}
            onChange={(value) => setPageSize(value ?? '50')}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      <Text size="sm" role="status" aria-live="polite">
        {pages.isPending
          ? 'Chargement de l’historique…'
          : pages.isError
            ? ''
            : `${entries.length} événement${entries.length > 1 ? 's' : ''} affiché${entries.length > 1 ? 's' : ''}${pages.hasNextPage ? ' (il y en a d’autres)' : ''}.`}
      </Text>
      {pages.isError && (
        <Alert color="red" title="L’historique n’a pas pu être chargé">
          {readApiError(pages.error).message}
        </Alert>
      )}
      {pages.isPending && <Loader size="sm" aria-hidden />}
      {entries.length > 0 && (
        <Stack
          component="ol"
          gap="xs"
          aria-label="Événements, les plus récents d’abord"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {entries.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {pages.data && entries.length === 0 && <Text>Aucun événement ne correspond à ces filtres.</Text>}
      {pages.hasNextPage && (
        <Button
          variant="light"
          onClick={() => void pages.fetchNextPage()}
          loading={pages.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          Afficher plus
        </Button>
      )}
    </Stack>
  );
}

function HistoryItem({ entry }: { entry: HistoryEntryView }) {
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      <Group gap="xs" wrap="wrap" justify="space-between">
        <Text fw={600} size="sm">
          {entry.label}
        </Text>
        <Text size="sm" c="dimmed" component="time" dateTime={entry.at}>
          {formatHistoryInstant(entry.at)}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entry.summary}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Par {entry.actor.name}
        {entry.ip ? ` — adresse ${entry.ip}` : ''}
        {entry.userAgent ? ` — ${entry.userAgent}` : ''}
      </Text>
    </Paper>
  );
}
