import { Button, Group, Pagination, SegmentedControl, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { USERS_PAGE_SIZE, type Session, type UserSort } from '@notadoo/domain';
import { IconSearch, IconSortAscending, IconSortDescending, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAdminUsers } from '../api/admin-users';
import { AddUserModal } from './add-user-modal';
import { paginationControlLabels } from './pagination-labels';
import { PendingRequests } from './pending-requests';
import { UserRow } from './user-row';

export function UsersTab({ session }: { session: Session }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [sort, setSort] = useState<UserSort>('date');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [adding, { open, close }] = useDisclosure(false);
  // The mail announcing a request links to /admin?pending=1.
  const [params, setParams] = useSearchParams();
  const pendingOnly = params.get('pending') === '1';
  const users = useAdminUsers({ page, search: debouncedSearch, sort, order, pending: pendingOnly });
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));

  return (
    <Stack gap="md">
      <PendingRequests />
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Rechercher un utilisateur"
          placeholder="Nom, prénom ou email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={255}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
        />
        <Group gap="xs" align="flex-end">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="users-sort-label">
              Trier par
            </Text>
            <SegmentedControl
              aria-labelledby="users-sort-label"
              value={sort}
              onChange={(value) => {
                setSort(value);
                setPage(1);
              }}
              data={[
                { value: 'name', label: 'Nom' },
                { value: 'date', label: "Date d'inscription" },
              ]}
            />
          </Stack>
          <Button
            variant="default"
            onClick={() => setOrder(order === 'asc' ? 'desc' : 'asc')}
            leftSection={order === 'asc' ? <IconSortAscending size={16} aria-hidden /> : <IconSortDescending size={16} aria-hidden />}
          >
            {order === 'asc' ? 'Croissant' : 'Décroissant'}
          </Button>
          <Switch
            label="Demandes en attente uniquement"
            checked={pendingOnly}
            onChange={(event) => {
              setParams(event.currentTarget.checked ? { pending: '1' } : {}, { replace: true });
              setPage(1);
            }}
            mb={8}
          />
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={open}>
            Ajouter un utilisateur
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={1100}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label="Utilisateurs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Utilisateur</Table.Th>
              <Table.Th>Inscription</Table.Th>
              <Table.Th>Office notarial</Table.Th>
              <Table.Th>Statuts</Table.Th>
              <Table.Th>Rôles</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(users.data?.items ?? []).map((user) => (
              <UserRow key={user.id} user={user} isSelf={user.id === session.id} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {users.data && users.data.items.length === 0 && <Text c="dimmed">Aucun utilisateur ne correspond à cette recherche.</Text>}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {total} utilisateur{total > 1 ? 's' : ''}
        </Text>
        <Pagination total={pages} value={page} onChange={setPage} getControlProps={paginationControlLabels} />
      </Group>
      <AddUserModal opened={adding} onClose={close} />
    </Stack>
  );
}
