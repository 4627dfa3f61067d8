import { Badge, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { canTransferFiles, TRANSFER_OUTCOME_LABELS, type Project, type Session, type TransferOutcome } from '@notadoo/domain';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { useProjectTransfers } from '../api/project-transfers';

const OUTCOME_COLOURS: Record<TransferOutcome, string> = { succeeded: 'teal', failed: 'red', interrupted: 'orange' };

interface TransferHistoryProps {
  project: Project;
  viewer: Session | undefined;
}

/** The office's record of the transfers of this project to the drafting software, newest first. */
export function TransferHistory({ project, viewer }: TransferHistoryProps) {
  const allowed = viewer !== undefined && canTransferFiles(viewer, project);
  const [page, setPage] = useState(1);
  const transfers = useProjectTransfers(project.id, page, allowed);
  if (!allowed) return null;
  const data = transfers.data;

  return (
    <Stack gap="sm" component="section" aria-labelledby="transfer-history-title">
      <Title order={2} size="h3" id="transfer-history-title">
        Transferts vers le logiciel de rédaction d'actes
      </Title>
      {!data ? (
        <Text c="dimmed">{transfers.isError ? "L'historique des transferts n'a pas pu être chargé." : 'Chargement…'}</Text>
      ) : data.total === 0 ? (
        <Text>Aucun transfert pour l'instant.</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Historique des transferts" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Par</Table.Th>
                  <Table.Th>Dossier</Table.Th>
                  <Table.Th>Fichiers</Table.Th>
                  <Table.Th>Résultat</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((t) => (
                  <Table.Tr key={t.id}>
                    <Table.Td>{formatDateTime(t.created_at)}</Table.Td>
                    <Table.Td>{t.author.name}</Table.Td>
                    <Table.Td>
                      {t.dossier.intitule}
                      {t.dossier.identifiantMetier && (
                        <Text span c="dimmed" size="sm">
                          {` (${t.dossier.identifiantMetier})`}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{t.files.map((f) => f.filename).join(', ')}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Badge color={OUTCOME_COLOURS[t.outcome]} variant="light">
                          {TRANSFER_OUTCOME_LABELS[t.outcome]}
                        </Badge>
                        <Text size="sm">{`${t.sent}/${t.files.length}`}</Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data.total > data.pageSize && (
            <Pagination
              total={Math.ceil(data.total / data.pageSize)}
              value={page}
              onChange={setPage}
              aria-label="Pages de l'historique des transferts"
            />
          )}
        </>
      )}
    </Stack>
  );
}
