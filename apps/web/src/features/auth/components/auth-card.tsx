import { Center, Container, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';
import { Logo } from '../../../components/layout/logo';

interface AuthCardProps {
  title: string;
  children: ReactNode;
  /** Login and signup have no header, so the card carries the logo back home. */
  withLogo?: boolean;
  /** For search engines (public account screens). */
  description?: string;
}

/** Frame of the account screens: a centred card. */
export function AuthCard({ title, children, withLogo = false, description }: AuthCardProps) {
  return (
    <Container size={480} py="xl">
      <PageTitle title={title} description={description} />
      <Stack gap="lg">
        {withLogo && (
          <Center>
            <Logo />
          </Center>
        )}
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <Stack gap="md">
            <Title order={1} size="h2">
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
