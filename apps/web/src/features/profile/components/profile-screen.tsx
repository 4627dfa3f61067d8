import { Container, Paper, Stack, Title } from '@mantine/core';
import type { Session } from '@notadoo/domain';
import type { ReactNode } from 'react';
import { AvatarSection } from './avatar-section';
import { InformationForm } from './information-form';
import { IntermediaryRequest } from './intermediary-request';
import { PasswordForm } from './password-form';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /profile: photo, information, password (spec section 2), and the intermediary request. */
export function ProfileScreen({ session }: { session: Session }) {
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="lg">
        Mon profil
      </Title>
      <Stack gap="lg">
        <Section title="Photo">
          <AvatarSection session={session} />
        </Section>
        <Section title="Informations">
          <InformationForm session={session} />
        </Section>
        <Section title="Mot de passe">
          <PasswordForm session={session} />
        </Section>
        <Section title="Intermédiaire immobilier">
          <IntermediaryRequest session={session} />
        </Section>
      </Stack>
    </Container>
  );
}
