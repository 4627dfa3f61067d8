import { Container, Paper, Stack, Title } from '@mantine/core';
import type { Session } from '@notadoo/domain';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AccountDeletionSection } from './account-deletion-section';
import { AvatarSection } from './avatar-section';
import { MyDataSection } from './my-data-section';
import { InformationForm } from './information-form';
import { IntermediaryRequest } from './intermediary-request';
import { PasswordForm } from './password-form';

function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title} id={id}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /profile: photo, information, password (spec section 2), security (the second factor), the intermediary request, one's data and the account's deletion. */
export function ProfileScreen({ session, security }: { session: Session; security?: ReactNode }) {
  const { hash } = useLocation();
  // The page is drawn after the browser looked for the anchor (/profile#mes-donnees from the ready mail): go there now.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [hash]);
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
        {/* The second factor, composed by the route (features do not import each other). */}
        {security && <Section title="Sécurité">{security}</Section>}
        <Section title="Intermédiaire immobilier">
          <IntermediaryRequest session={session} />
        </Section>
        {/* The mail of a ready copy links here (/profile#mes-donnees). */}
        <Section title="Mes données" id="mes-donnees">
          <MyDataSection />
        </Section>
        <Section title="Supprimer mon compte">
          <AccountDeletionSection session={session} />
        </Section>
      </Stack>
    </Container>
  );
}
