import { AspectRatio, Badge, Card, Group, Image, Stack, Title } from '@mantine/core';
import { officeContactHref, officePagePath, shortPostalCode, type NotaryOffice } from '@notadoo/domain';
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

/** An office of the network: image, city with the first two characters of its postal code, links to its page and to reach it. */
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
        {/* Both links reach this office: its page (address, phone, e-mail, map), or its own contact page when it has one. */}
        <Group gap="md">
          <OfficeLink href={officePagePath(office.id)} context={`sur l'office de ${office.city}`}>
            En savoir plus
          </OfficeLink>
          <OfficeLink href={officeContactHref(office)} context={`de ${office.city}`}>
            Contacter l'office
          </OfficeLink>
        </Group>
        {action}
      </Stack>
    </Card>
  );
}
