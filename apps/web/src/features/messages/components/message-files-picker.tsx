import { ActionIcon, Group, Input, Stack, Text } from '@mantine/core';
import { MESSAGE_MAX_FILES, PROJECT_FILE_ACCEPT, PROJECT_FILE_HINT, sortChosenMessageFiles } from '@notadoo/domain';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { FileChooserButton } from '../../../components/file-chooser-button';
import { formatFileSize } from '../lib/message-display';

interface MessageFilesPickerProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Why chosen files were refused (the domain's checks, or the server's answer), shown and announced. */
  refusals: readonly string[];
  onRefuse: (refusals: string[]) => void;
  disabled?: boolean;
}

/**
 * The files of a message: a native multiple file input (visually hidden,
 * named by its label, reached by the keyboard), the chosen files as a list
 * with a "Retirer" button each. Each chosen file is checked by the domain
 * (`refuseProjectFile`) and the count by MESSAGE_MAX_FILES; the refused ones
 * are not added and their reasons announced.
 */
export function MessageFilesPicker({ files, onChange, refusals, onRefuse, disabled }: MessageFilesPickerProps) {
  const inputId = useId();
  const listId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const full = files.length >= MESSAGE_MAX_FILES;
  return (
    <Input.Wrapper
      label="Fichiers joints (facultatif)"
      description={`${PROJECT_FILE_HINT.replace(/\.$/, '')} chacun, ${MESSAGE_MAX_FILES} fichiers au plus.`}
      labelProps={{ htmlFor: inputId }}
      error={refusals.length > 0 ? refusals.join(' ') : undefined}
      errorProps={{ id: errorId, role: 'alert' }}
    >
      <Stack gap={6} mt={6}>
        <FileChooserButton
          inputRef={input}
          id={inputId}
          multiple
          accept={PROJECT_FILE_ACCEPT}
          disabled={disabled || full}
          describedBy={refusals.length > 0 ? `${listId} ${errorId}` : listId}
          onChange={(element) => {
            const { accepted, refusals: refused } = sortChosenMessageFiles(files, [...(element.files ?? [])]);
            // Forgotten by the input, so that choosing the same file again (after removing it) is seen.
            element.value = '';
            onChange([...files, ...accepted]);
            onRefuse(refused);
          }}
          icon={<IconPaperclip size={16} aria-hidden />}
        >
          {files.length === 0 ? 'Joindre des fichiers' : 'Ajouter des fichiers'}
        </FileChooserButton>
        <Text id={listId} size="sm" c="dimmed" aria-live="polite">
          {files.length === 0
            ? 'Aucun fichier joint'
            : `${files.length} fichier${files.length > 1 ? 's' : ''} joint${files.length > 1 ? 's' : ''} sur ${MESSAGE_MAX_FILES} possibles`}
        </Text>
        {files.length > 0 && (
          <ul aria-label="Fichiers joints au message" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {files.map((file, index) => (
              <li key={`${index}-${file.name}-${file.size}`}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatFileSize(file.size)}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="sm"
                    disabled={disabled}
                    aria-label={`Retirer ${file.name}`}
                    onClick={() => {
                      onChange(files.filter((_f, i) => i !== index));
                      onRefuse([]);
                      input.current?.focus();
                    }}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
