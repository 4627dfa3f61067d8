import { AspectRatio, Badge, Card, Group, Image, Stack, Title } from '@mantine/core';
import { shortPostalCode, type NotaryOffice } from '@notadoo/domain';
import type { ReactNode } from 'react';
import { OfficeLink } from './office-link';

interface OfficeCardProps {
  office: NotaryOffice;
  /** Highlights the card with this badge, e.g. "Office choisi" for the project's office. */
  highlight?: string;
  /** A button under the links, e.g. "Choisir cet office". */
  action?: ReactNode;
  headingOrder?: 2 | 3 | 4;
}

export const OFFICE_IMAGE_RATIO = 16 / 9;

/** An office of the network: image, city with the first two characters of its postal code, info and contact links. */
export function OfficeCard({ office, highlight, action, headingOrder = 3 }: OfficeCardProps) {
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      aria-label={`Office notarial de ${office.city}`}
      component="article"
      style={highlight ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Card.Section>
        {/* The network's office images are 16:9 with a caption at the bottom: shown whole, never cropped. */}
        <AspectRatio ratio={OFFICE_IMAGE_RATIO}>
          <Image src={office.image} alt="" fit="contain" fallbackSrc="/favicon.svg" />
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={headingOrder} size="h4">
            {office.city} ({shortPostalCode(office.postal_code)})
          </Title>
          {highlight && (
            <Badge color="indigo" variant="filled" tt="none">
              {highlight}
            </Badge>
          )}
        </Group>
        {(office.link_more_info || office.link_contact) && (
          <Group gap="md">
            {office.link_more_info && (
              <OfficeLink href={office.link_more_info} context={`sur l'office de ${office.city}`}>
                En savoir plus
              </OfficeLink>
            )}
            {office.link_contact && (
              <OfficeLink href={office.link_contact} context={`de ${office.city}`}>
                Contacter l'office
              </OfficeLink>
            )}
          </Group>
        )}
        {action}
      </Stack>
    </Card>
  );
}

