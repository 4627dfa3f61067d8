import { Group, Input, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import { FileChooserButton } from './file-chooser-button';

export const NO_FILE_CHOSEN = 'Aucun fichier choisi';

interface FilePickerProps {
  label: string;
  description?: string;
  accept: string;
  disabled?: boolean;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The visible button's words. */
  buttonLabel?: string;
  /** Why the chosen file was refused (by the browser's check or by the server), shown under the picker and announced. */
  error?: string | null;
}

/**
 * A file input in French and in the app's style: the native input (named by
 * `label`) is visually hidden and a button-like span opens its chooser, so the browser's own "Choose File" never shows.
 */
export function FilePicker({
  label,
  description,
  accept,
  disabled,
  file,
  onChange,
  buttonLabel = 'Choisir un fichier',
  error,
}: FilePickerProps) {
  const inputId = useId();
  const nameId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  // A file taken back (refused) is forgotten by the input too, so choosing the same one again is seen.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);
  return (
    <Input.Wrapper
      label={label}
      description={description}
      labelProps={{ htmlFor: inputId }}
      error={error || undefined}
      errorProps={{ id: errorId, role: 'alert' }}
    >
      <Group gap="sm" mt={6} wrap="nowrap">
        <FileChooserButton
          inputRef={input}
          id={inputId}
          accept={accept}
          disabled={disabled}
          describedBy={error ? `${nameId} ${errorId}` : nameId}
          invalid={Boolean(error)}
          onChange={(element) => onChange(element.files?.[0] ?? null)}
          icon={<IconUpload size={16} aria-hidden />}
        >
          {buttonLabel}
        </FileChooserButton>
        <Text id={nameId} size="sm" c={file ? undefined : 'dimmed'} truncate="end" style={{ minWidth: 0 }}>
          {file?.name ?? NO_FILE_CHOSEN}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}
