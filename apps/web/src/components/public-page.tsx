import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

interface PublicPageProps {
  /** The tab title and the page heading. */
  title: string;
  /** One or two sentences for search engines (meta description). */
  description: string;
  /** The paragraph under the heading. */
  intro?: ReactNode;
  children: ReactNode;
}

/** A marketing page: title and meta description for search engines, heading, introduction, content. */
export function PublicPage({ title, description, intro, children }: PublicPageProps) {
  return (
    <Container size="lg" py="xl">
      <PageTitle title={title} description={description} />
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{title}</Title>
          {intro && (
            <Text size="lg" c="dimmed" maw={820}>
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
