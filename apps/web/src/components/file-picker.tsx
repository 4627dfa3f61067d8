import { Box, Group, Input, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';
import classes from './file-picker.module.css';

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
export function FilePicker({ label, description, accept, disabled, file, onChange, buttonLabel = 'Choisir un fichier', error }: FilePickerProps) {
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
        <Box pos="relative">
          <input
            ref={input}
            id={inputId}
            type="file"
            className={classes.input}
            accept={accept}
            disabled={disabled}
            aria-describedby={error ? `${nameId} ${errorId}` : nameId}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
          />
          {/* For the mouse; keyboard and screen reader users reach the input itself (its focus ring shows here). */}
          <span
            aria-hidden
            onClick={() => !disabled && input.current?.click()}
            className={`mantine-focus-never ${classes.button}`}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 8,
              height: 36,
              padding: '0 16px',
              fontSize: 'var(--mantine-font-size-sm)',
              fontWeight: 600,
              border: '1px solid var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-md)',
              background: 'var(--mantine-color-white)',
              color: 'var(--mantine-color-black)',
              whiteSpace: 'nowrap',
            }}
          >
            <IconUpload size={16} aria-hidden />
            {buttonLabel}
          </span>
        </Box>
        <Text id={nameId} size="sm" c={file ? undefined : 'dimmed'} truncate="end" style={{ minWidth: 0 }}>
          {file?.name ?? NO_FILE_CHOSEN}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}
