import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { mailtoHref, phoneHref, type NotaryOffice } from '@notadoo/domain';
import { IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The tour's target: the office's contact panel. */
export const OFFICE_CONTACT_TOUR_TARGET = 'questionnaire-office-contact';

const DATA_PROTECTION_TEXT =
  "Les informations que vous saisissez ne sont visibles que par l'étude notariale que vous avez choisie, seule responsable de leur traitement.";
const CHANGE_AT_ANY_TIME = 'Vous pouvez les modifier ou les supprimer à tout moment.';

/** The data-protection panel's text: it promises changes only where the viewer can make them. */
export function dataProtectionText(readOnlyReason: string | null): string {
  return `${DATA_PROTECTION_TEXT} ${readOnlyReason ?? CHANGE_AT_ANY_TIME}`;
}

function Panel({ title, children, ...rest }: { title: string; children: ReactNode; 'data-tour'?: string }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title} {...rest}>
      <Title order={2} fz="md" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Whether the office can be reached: the help panel shows only then (spec 001, section 1). */
export function hasOfficeContact(office: Pick<NotaryOffice, 'phone' | 'email'> | null | undefined): boolean {
  return Boolean(office?.phone || office?.email);
}

/** The three panels on the right of every questionnaire (spec 001, section 1). */
export function HelpPanels({
  purpose,
  office,
  readOnlyReason,
}: {
  purpose: string;
  office: Pick<NotaryOffice, 'phone' | 'email'> | null;
  readOnlyReason: string | null;
}) {
  return (
    <Stack gap="md">
      <Panel title="Pourquoi ce questionnaire ?">
        <Text size="sm">{purpose}</Text>
      </Panel>
      {office && hasOfficeContact(office) && (
        <Panel title="Vous avez besoin d'aide ?" data-tour={OFFICE_CONTACT_TOUR_TARGET}>
          <Stack gap={6}>
            <Text size="sm">Votre étude notariale répond à vos questions :</Text>
            {office.phone && (
              <Anchor href={phoneHref(office.phone)} size="sm">
                <IconPhone size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
                {office.phone}
              </Anchor>
            )}
            {office.email && (
              <Anchor href={mailtoHref(office.email)} size="sm" style={{ overflowWrap: 'anywhere' }}>
                <IconMail size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
                {office.email}
              </Anchor>
            )}
          </Stack>
        </Panel>
      )}
      <Panel title="Protection de vos données">
        <Text size="sm">{dataProtectionText(readOnlyReason)}</Text>
      </Panel>
    </Stack>
  );
}
