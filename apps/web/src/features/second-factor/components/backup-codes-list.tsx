import { Alert, Button, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatBackupCode } from '@notadoo/domain';
import { useState } from 'react';

/** The ten backup codes, shown once: to copy or download before leaving the screen. */
export function BackupCodesList({ codes }: { codes: readonly string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.map(formatBackupCode).join('\n');
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`Codes de secours Notadoo (chacun ne sert qu’une fois)\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = 'codes-de-secours-notadoo.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Alert color="yellow" title="Conservez ces codes de secours">
        Chaque code permet une connexion si vous n’avez plus votre téléphone, une seule fois. Ils ne seront plus affichés : copiez-les ou
        téléchargez-les et gardez-les en lieu sûr.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" component="ul" aria-label="Codes de secours" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md">{formatBackupCode(code)}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <Button
          variant="light"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          Copier les codes
        </Button>
        <Button variant="light" onClick={download}>
          Télécharger les codes
        </Button>
      </Group>
      <Text size="sm" role="status" aria-live="polite">
        {copied ? 'Codes copiés dans le presse-papiers.' : ''}
      </Text>
    </Stack>
  );
}
