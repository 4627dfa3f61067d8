import { TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';

/**
 * The code field: the phone keyboard shows digits and offers the code an SMS
 * or app holds (`one-time-code`); a backup code (letters) may be typed too.
 */
export function CodeInput({
  value,
  onChange,
  error,
  label = 'Code de vérification',
  description,
  autoFocus = true,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
  description?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextInput
      label={label}
      description={description ?? 'Les 6 chiffres affichés par votre application d’authentification, ou un code de secours.'}
      autoComplete="one-time-code"
      inputMode="text"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={40}
      required
      data-autofocus={autoFocus || undefined}
      autoFocus={autoFocus}
      value={value}
      error={error ?? undefined}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value)}
    />
  );
}
