import { ActionIcon, Box, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconX } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

interface WizardHeaderProps {
  title: string;
  step: number;
  stepCount: number;
  /** Shown from step 2 on (spec section 2, header variants). */
  onBack?: () => void;
}

/** The new-project header: back from step 2, the step's title, close to the dashboard. */
export function WizardHeader({ title, step, stepCount, onBack }: WizardHeaderProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each step replaces the page's content: move the focus to its title so screen readers announce it.
  useEffect(() => {
    if (step > 1) headingRef.current?.focus();
  }, [step]);

  return (
    <Box component="header" py="sm" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="md">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Box w={36}>
            {onBack && (
              <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label="Revenir à l'étape précédente">
                <IconArrowLeft size={20} aria-hidden />
              </ActionIcon>
            )}
          </Box>
          <Box ta="center">
            <Title order={1} size="h3" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
              {title}
            </Title>
            <Text size="xs" c="dimmed">
              Étape {step} sur {stepCount}
            </Text>
          </Box>
          <ActionIcon component={Link} to="/dashboard" variant="subtle" size="lg" aria-label="Fermer et revenir à mes dossiers">
            <IconX size={20} aria-hidden />
          </ActionIcon>
        </Group>
      </Container>
    </Box>
  );
}
