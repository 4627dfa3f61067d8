import { Anchor, Card, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { TOOL_LINKS } from '../lib/tool-links';

/** Tab 3: external services, each opening in a new tab. */
export function ToolsPanel() {
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Outils
      </Title>
      <Text>Quelques services publics utiles pour préparer votre dossier.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {TOOL_LINKS.map((tool) => (
          <Card key={tool.url} withBorder padding="md" radius="md" component="li">
            <Anchor href={tool.url} target="_blank" rel="noopener noreferrer" fw={600}>
              {tool.title}
              <IconExternalLink size={14} aria-hidden style={{ marginLeft: 4, verticalAlign: 'middle' }} />{' '}
              <VisuallyHidden>(nouvel onglet)</VisuallyHidden>
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              {tool.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
