import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { config } from '../../config/env';

const FOOTER_LINKS = [
  { to: '/how-it-works', label: 'Comment ça marche ?' },
  { to: '/frais-de-notaire', label: 'Frais de notaire' },
  { to: '/le-reseau-notarial-notadoo', label: `Le réseau notarial ${config.networkName}` },
  { to: '/notaries', label: 'Nos études' },
  { to: '/partners', label: 'Partenaires' },
  { to: '/contact', label: 'Contact' },
  { to: '/legals', label: 'Mentions légales' },
] as const;

export function AppFooter() {
  return (
    <Box component="footer" py="lg" mt="xl" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group component="nav" aria-label="Liens du site" gap="md" wrap="wrap">
          {FOOTER_LINKS.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} size="sm">
              {link.label}
            </Anchor>
          ))}
        </Group>
        <Text size="xs" c="dimmed" mt="sm">
          © {new Date().getFullYear()} {config.networkName}, réseau notarial.
        </Text>
      </Container>
    </Box>
  );
}
