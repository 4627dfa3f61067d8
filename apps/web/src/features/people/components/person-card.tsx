import { ActionIcon, Avatar, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import type { Participant } from '@notadoo/domain';
import { IconArrowsExchange, IconDotsVertical, IconFilePlus, IconPencil, IconTrash, IconUserCheck } from '@tabler/icons-react';
import { avatarUrl } from '../../../components/layout/user-menu';
import { fullNameOf, isCreator, lastConnectionText } from '../lib/person-display';

/** What the viewer may do with this person; each entry is shown only when allowed. */
export interface PersonActions {
  onEdit?: () => void;
  onMove?: () => void;
  onConfirmRole?: () => void;
  onAddDocument?: () => void;
  onDelete?: () => void;
}

/** Why a person does not see their role mates' documents yet. */
export const UNCONFIRMED_ROLE_HINT =
  "Ajoutée par une personne qui n'a pas ce rôle : elle ne voit que ses propres documents jusqu'à ce que l'office, un administrateur ou une personne de même rôle confirme son rôle.";

/** Issue 22: "3 / 7 reçues", the pieces still asked of the person and how many were sent and kept. */
export function piecesText({ received, total }: { received: number; total: number }): string {
  return `${received} / ${total} ${received > 1 ? 'reçues' : 'reçue'}`;
}

export function PersonCard({ participant, actions }: { participant: Participant; actions: PersonActions }) {
  const fullName = fullNameOf(participant);
  const hasActions = Object.values(actions).some(Boolean);
  return (
    <Card withBorder padding="sm" radius="md" component="article" aria-label={fullName}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Avatar src={avatarUrl(participant.avatar)} name={fullName} color="initials" size={48} alt="" />
          <Stack gap={2} miw={0}>
            {/* The name wraps rather than being cut; "(Créateur)" stays whole, on the next line if need be. */}
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {fullName}
              {isCreator(participant) && (
                <>
                  {' '}
                  <Text span c="dimmed" fw={400} style={{ whiteSpace: 'nowrap' }}>
                    (Créateur)
                  </Text>
                </>
              )}
            </Text>
            {participant.email && (
              <Text size="sm" truncate>
                {participant.email}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {lastConnectionText(participant)}
            </Text>
            {participant.pieces && participant.pieces.total > 0 && (
              <Badge
                variant="light"
                color={participant.pieces.received === participant.pieces.total ? 'teal' : 'blue'}
                size="sm"
                aria-label={`Pièces : ${piecesText(participant.pieces)}`}
              >
                Pièces : {piecesText(participant.pieces)}
              </Badge>
            )}
            {!participant.role_confirmed && (
              <Badge variant="light" color="orange" size="sm" title={UNCONFIRMED_ROLE_HINT}>
                Rôle à confirmer
              </Badge>
            )}
          </Stack>
        </Group>
        {hasActions && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions pour ${fullName}`}>
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {actions.onEdit && (
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={actions.onEdit}>
                  Modifier
                </Menu.Item>
              )}
              {actions.onMove && (
                <Menu.Item leftSection={<IconArrowsExchange size={16} aria-hidden />} onClick={actions.onMove}>
                  Déplacer
                </Menu.Item>
              )}
              {actions.onConfirmRole && (
                <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden />} onClick={actions.onConfirmRole}>
                  Confirmer le rôle
                </Menu.Item>
              )}
              {actions.onAddDocument && (
                <Menu.Item leftSection={<IconFilePlus size={16} aria-hidden />} onClick={actions.onAddDocument}>
                  Ajouter un document
                </Menu.Item>
              )}
              {actions.onDelete && (
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={actions.onDelete}>
                  Supprimer
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Card>
  );
}
