import { ActionIcon, Button, Group, List, Menu, Paper, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { displayFileName, fileTypeTitle, progressColour, type FileDrawer } from '@notadoo/domain';
import { IconDotsVertical, IconDownload, IconFileUpload, IconLock, IconTrash, IconUserEdit } from '@tabler/icons-react';

export const LOCKED_LABEL = "Vous n'avez pas accès à ce document";

function LockIcon() {
  return (
    <Tooltip label={LOCKED_LABEL}>
      <IconLock size={18} role="img" aria-label={LOCKED_LABEL} color="var(--mantine-color-gray-6)" />
    </Tooltip>
  );
}

/** Per-document actions of admins and office members; absent when none is allowed. */
export function DocumentMenu({ title, onChangeOwner, onDelete }: { title: string; onChangeOwner?: () => void; onDelete?: () => void }) {
  if (!onChangeOwner && !onDelete) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions du document ${title}`}>
          <IconDotsVertical size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onChangeOwner && (
          <Menu.Item leftSection={<IconUserEdit size={16} aria-hidden />} onClick={onChangeOwner}>
            Changer le propriétaire
          </Menu.Item>
        )}
        {onDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
            Supprimer le document
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

interface QuestionnaireEntryProps {
  title: string;
  /** What the entry is beyond its title (shared by a role, superseded), shown under it. */
  note?: string;
  /** Names the entry for assistive technologies when the title alone would be ambiguous. */
  label?: string;
  progress: number;
  /** Absent when the viewer may not open it: a lock shows instead. */
  onOpen?: () => void;
  menu?: ReactNode;
}

export function QuestionnaireEntry({ title, note, label, progress, onOpen, menu }: QuestionnaireEntryProps) {
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={label ?? title}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600}>{title}</Text>
            {!onOpen && <LockIcon />}
          </Group>
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
          <Group gap="xs" wrap="nowrap">
            <Progress.Root w={140} size="sm">
              <Progress.Section value={progress} color={progressColour(progress)} aria-label={`Progression : ${title}`} />
            </Progress.Root>
            <Text size="sm" c="dimmed">
              {progress} %
            </Text>
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {onOpen && (
            <Button size="xs" variant="light" onClick={onOpen} aria-label={`Ouvrir le questionnaire ${label ?? title}`}>
              Ouvrir
            </Button>
          )}
          {menu}
        </Group>
      </Group>
    </Paper>
  );
}

interface FileDrawerEntryProps {
  drawer: FileDrawer;
  /** The viewer may not read it: a lock shows and no file is listed (the server sends none). */
  locked: boolean;
  onOpenFile: (index: number) => void;
  onDeleteFile?: (storedName: string) => void;
  onAddFile?: () => void;
  menu?: ReactNode;
}

/** A drawer of uploaded files: its file type, its files without their stored prefix. */
export function FileDrawerEntry({ drawer, locked, onOpenFile, onDeleteFile, onAddFile, menu }: FileDrawerEntryProps) {
  const title = fileTypeTitle(drawer.doc_type);
  return (
    <Paper withBorder p="sm" radius="md" component="article" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text fw={600}>{title}</Text>
            {locked && <LockIcon />}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {onAddFile && !locked && (
              <Button size="xs" variant="light" leftSection={<IconFileUpload size={16} aria-hidden />} onClick={onAddFile}>
                Ajouter un fichier
              </Button>
            )}
            {menu}
          </Group>
        </Group>
        {!locked &&
          (drawer.files.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucun fichier déposé pour l'instant.
            </Text>
          ) : (
            <List spacing={4} listStyleType="none">
              {drawer.files.map((storedName, index) => {
                const name = displayFileName(storedName);
                return (
                  <List.Item key={storedName}>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {name}
                      </Text>
                      <ActionIcon variant="subtle" size="sm" aria-label={`Télécharger ${name}`} onClick={() => onOpenFile(index)}>
                        <IconDownload size={16} aria-hidden />
                      </ActionIcon>
                      {onDeleteFile && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="sm"
                          aria-label={`Supprimer ${name}`}
                          onClick={() => onDeleteFile(storedName)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </List.Item>
                );
              })}
            </List>
          ))}
      </Stack>
    </Paper>
  );
}
