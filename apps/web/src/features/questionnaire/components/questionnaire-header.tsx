import { ActionIcon, Box, Container, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface QuestionnaireHeaderProps {
  title: string;
  /** The project's name, under the title. */
  subtitle?: string;
  backLabel: string;
  onBack: () => void;
  closeLabel: string;
  onClose: () => void;
  /** Disables both buttons while leaving (a save is under way). */
  busy?: boolean;
  /** The save status, shown on every step. */
  status?: ReactNode;
}

/** The project-form header (spec section 2, header variants): back, and close which saves the answers. */
export function QuestionnaireHeader({
  title,
  subtitle,
  backLabel,
  onBack,
  closeLabel,
  onClose,
  busy = false,
  status,
}: QuestionnaireHeaderProps) {
  return (
    <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
            <Tooltip label={backLabel} withArrow>
              <ActionIcon variant="subtle" size="lg" aria-label={backLabel} onClick={onBack} disabled={busy}>
                <IconArrowLeft size={22} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Stack gap={0} style={{ minWidth: 0 }}>
              {/* Wraps rather than being cut ("Questionnair…" on a phone). */}
              <Title order={1} fz={{ base: 'md', sm: 'xl' }} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              {subtitle && (
                <Text size="sm" c="dimmed" lineClamp={1}>
                  {subtitle}
                </Text>
              )}
            </Stack>
          </Group>
          <Group wrap="nowrap" gap="md">
            {status}
            <Tooltip label={closeLabel} withArrow>
              <ActionIcon variant="subtle" size="lg" color="gray" aria-label={closeLabel} onClick={onClose} disabled={busy}>
                <IconX size={22} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
