import Cookies from 'js-cookie';
import { useState } from 'react';
import { EVENTS, Joyride, STATUS, type EventData, type Step } from 'react-joyride';

/** Help tours are shown once, then remembered this many days (spec section 9). */
export const TOUR_COOKIE_DAYS = 30;

export type TourStep = Step;

export function hasSeenTour(cookieName: string): boolean {
  return Cookies.get(cookieName) !== undefined;
}

export function rememberTour(cookieName: string): void {
  Cookies.set(cookieName, '1', {
    expires: TOUR_COOKIE_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}

const FRENCH_LOCALE = {
  back: 'Précédent',
  close: 'Fermer',
  last: "J'ai compris",
  next: 'Suivant',
  nextWithProgress: 'Suivant',
  open: "Ouvrir l'aide",
  skip: "Passer l'aide",
};

/** The app's look (Mantine's variables): its font, radius and filled primary button, not Joyride's own. */
const TOUR_STYLES = {
  tooltip: { fontFamily: 'var(--mantine-font-family)', fontSize: 'var(--mantine-font-size-sm)', borderRadius: 'var(--mantine-radius-md)' },
  tooltipTitle: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600, textAlign: 'left' as const },
  tooltipContent: { textAlign: 'left' as const, lineHeight: 'var(--mantine-line-height)' },
  buttonPrimary: {
    fontFamily: 'var(--mantine-font-family)',
    fontSize: 'var(--mantine-font-size-sm)',
    fontWeight: 600,
    height: 36,
    padding: '0 18px',
    borderRadius: 'var(--mantine-radius-md)',
    backgroundColor: 'var(--mantine-primary-color-filled)',
    color: 'var(--mantine-color-white)',
  },
  buttonBack: {
    fontFamily: 'var(--mantine-font-family)',
    fontSize: 'var(--mantine-font-size-sm)',
    color: 'var(--mantine-primary-color-filled)',
  },
  buttonClose: { color: 'var(--mantine-color-gray-7)' },
};

interface GuidedTourProps {
  /** Cookie remembering that this tour was seen. */
  cookieName: string;
  steps: TourStep[];
  /** Starts the tour when true (its targets must be on screen). */
  run: boolean;
  onEnd?: () => void;
}

function hasEnded(data: EventData): boolean {
  return data.type === EVENTS.TOUR_END || data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED;
}

/**
 * A one-time help tour (react-joyride): "Suivant" between steps, "J'ai compris"
 * on the last one, Escape or the close button end it. Once ended it is
 * remembered by a cookie and never shown again.
 */
export function GuidedTour({ cookieName, steps, run, onEnd }: GuidedTourProps) {
  const [seen, setSeen] = useState(() => hasSeenTour(cookieName));
  if (seen) return null;
  return (
    <Joyride
      steps={steps}
      run={run}
      continuous
      locale={FRENCH_LOCALE}
      styles={TOUR_STYLES}
      options={{
        buttons: ['close', 'primary'],
        closeButtonAction: 'skip',
        skipBeacon: true,
        // Hex, not a CSS variable: Joyride derives the beacon's translucent colour from it (Mantine indigo.7, the primary shade).
        primaryColor: '#4263eb',
        textColor: '#1f1f1f',
        zIndex: 150,
      }}
      onEvent={(data) => {
        if (!hasEnded(data)) return;
        rememberTour(cookieName);
        setSeen(true);
        onEnd?.();
      }}
    />
  );
}
