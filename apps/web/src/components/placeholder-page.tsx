import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

interface PlaceholderPageProps {
  title: string;
  /** One French sentence saying what the screen will hold. */
  description: string;
  children?: ReactNode;
}

/** A screen whose content comes with a later issue: its route and guard are already real. */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  return (
    <Container size="lg" py="xl">
      <PageTitle title={title} />
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        <Text>{description}</Text>
        {children}
      </Stack>
    </Container>
  );
}
