import { Progress, Stack, Text } from '@mantine/core';

/** The bar and percentage of a file being sent (uploads of the Documents and Pièces tabs). */
export function UploadProgress({ value }: { value: number }) {
  return (
    <Stack gap={4}>
      <Progress.Root size="lg">
        <Progress.Section value={value} aria-label="Envoi du fichier" animated />
      </Progress.Root>
      <Text size="sm" c="dimmed">
        Envoi en cours… {value} %
      </Text>
    </Stack>
  );
}
