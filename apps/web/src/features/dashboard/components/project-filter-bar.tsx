import { Group, Select, Switch, TextInput } from '@mantine/core';
import { PROJECT_STATUSES } from '@notadoo/domain';
import { IconSearch } from '@tabler/icons-react';
import type { DashboardFilters } from '../api/get-my-projects';

const STATUS_OPTIONS = Object.entries(PROJECT_STATUSES).map(([value, label]) => ({ value, label }));

interface ProjectFilterBarProps {
  filters: DashboardFilters;
  onChange: (filters: DashboardFilters) => void;
  /** Office cities offered to admins; undefined hides the office filter. */
  officeCities?: string[];
}

/** Search by name, status filter, archived files and, for admins, office filter (spec section 2). The type filter is the tabs. */
export function ProjectFilterBar({ filters, onChange, officeCities }: ProjectFilterBarProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label="Rechercher un dossier"
        placeholder="Nom du dossier"
        type="search"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        style={{ flex: '1 1 240px' }}
      />
      <Select
        label="Statut"
        placeholder="Tous les statuts"
        data={STATUS_OPTIONS}
        value={filters.status === null ? null : String(filters.status)}
        onChange={(value) => onChange({ ...filters, status: value === null ? null : Number(value) })}
        clearable
        clearButtonProps={{ 'aria-label': 'Afficher tous les statuts' }}
        w={260}
      />
      {officeCities && (
        <Select
          label="Office notarial"
          placeholder="Tous les offices"
          data={officeCities}
          value={filters.city}
          onChange={(city) => onChange({ ...filters, city })}
          clearable
          clearButtonProps={{ 'aria-label': 'Afficher tous les offices' }}
          searchable
          nothingFoundMessage="Aucun office"
          w={220}
        />
      )}
      {/* Archived files are out of the list (spec section 2): shown only on demand, to be found and restored. */}
      <Switch
        label="Archivés"
        checked={filters.archived}
        onChange={(event) => onChange({ ...filters, archived: event.currentTarget.checked })}
        mb={8}
      />
    </Group>
  );
}
