import { Button, Group, Paper, Text, Title } from '@mantine/core';
import Cookies from 'js-cookie';
import { useState } from 'react';
import { Joyride, STATUS, type EventData, type TooltipRenderProps } from 'react-joyride';
import { OFFICE_CONTACT_TOUR_TARGET } from './help-panels';

/** Once dismissed, the tour stays hidden this long (spec section 9: help-tour cookies, 30 days). */
export const HELP_TOUR_COOKIE = 'notadoo_tour_questionnaire_help';
export const HELP_TOUR_DAYS = 30;
export const HELP_TOUR_TITLE = "Besoin d'aide?";
export const HELP_TOUR_DISMISS = "J'ai compris";

function HelpTourTooltip({ step, primaryProps, tooltipProps }: TooltipRenderProps) {
  return (
    <Paper {...tooltipProps} shadow="md" p="md" radius="md" maw={320} withBorder>
      <Title order={2} fz="md" mb="xs">
        {step.title}
      </Title>
      <Text size="sm">{step.content}</Text>
      <Group justify="flex-end" mt="md">
        <Button size="xs" onClick={primaryProps.onClick} data-action={primaryProps['data-action']}>
          {HELP_TOUR_DISMISS}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * The one-time tour 'Besoin d'aide?' pointing at the office's contact panel
 * (spec 001, section 2). Shown only while that panel is on screen; 'J'ai
 * compris' (or any other way of closing it) remembers it for 30 days.
 */
export function HelpTour({ enabled }: { enabled: boolean }) {
  const [dismissed, setDismissed] = useState(() => Cookies.get(HELP_TOUR_COOKIE) !== undefined);
  if (!enabled || dismissed) return null;

  function handleEvent(data: EventData) {
    if (data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) {
      Cookies.set(HELP_TOUR_COOKIE, '1', { expires: HELP_TOUR_DAYS, path: '/', sameSite: 'lax' });
      setDismissed(true);
    }
  }

  return (
    <Joyride
      run
      steps={[
        {
          target: `[data-tour="${OFFICE_CONTACT_TOUR_TARGET}"]`,
          title: HELP_TOUR_TITLE,
          content:
            "Une question sur ce questionnaire ? Les coordonnées de votre étude notariale sont ici : n'hésitez pas à l'appeler ou à lui écrire.",
          placement: 'left',
          skipBeacon: true,
          buttons: ['primary'],
        },
      ]}
      tooltipComponent={HelpTourTooltip}
      locale={{ last: HELP_TOUR_DISMISS, close: 'Fermer', next: 'Suivant', back: 'Retour', skip: 'Passer' }}
      options={{ primaryColor: 'var(--mantine-color-indigo-6)', zIndex: 300, overlayClickAction: false }}
      onEvent={handleEvent}
    />
  );
}
