import { GuidedTour, type TourStep } from '../../../components/guided-tour';

/** Joyride targets: data attributes, so that the tours do not depend on styling classes. */
export const TOUR_TARGETS = {
  transmitButton: 'transmit-button',
  documentsTab: 'tab-documents',
  personsTab: 'tab-persons',
  toolsTab: 'tab-tools',
} as const;

const target = (name: string) => `[data-tour="${name}"]`;

export const TRANSMIT_TOUR_COOKIE = 'notadoo_tour_transmit';
export const OFFICE_TOUR_COOKIE = 'notadoo_tour_office';

const TRANSMIT_STEPS: TourStep[] = [
  {
    target: target(TOUR_TARGETS.transmitButton),
    title: 'Transmettre au Notaire',
    content:
      'Lorsque vous avez complété votre dossier autant que possible, cliquez ici pour le transmettre à votre notaire : il pourra alors en commencer la relecture.',
  },
];

const OFFICE_STEPS: TourStep[] = [
  {
    target: target(TOUR_TARGETS.documentsTab),
    title: 'Documents',
    content: 'Remplissez ici vos questionnaires et déposez les pièces demandées par votre notaire.',
  },
  {
    target: target(TOUR_TARGETS.personsTab),
    title: 'Personnes',
    content: 'Invitez les autres personnes concernées par le dossier : vendeurs, acquéreurs, héritiers…',
  },
  {
    target: target(TOUR_TARGETS.toolsTab),
    title: 'Outils',
    content: 'Retrouvez des liens utiles : simulateurs, cadastre, service public…',
  },
];

/** One step on the transmit button, button "J'ai compris"; shown once. */
export function TransmitTour({ run }: { run: boolean }) {
  return <GuidedTour cookieName={TRANSMIT_TOUR_COOKIE} steps={TRANSMIT_STEPS} run={run} />;
}

/** After the first office choice: Documents, Personnes, Outils ("Suivant", then "J'ai compris"); shown once. */
export function OfficeTour({ run, onEnd }: { run: boolean; onEnd: () => void }) {
  return <GuidedTour cookieName={OFFICE_TOUR_COOKIE} steps={OFFICE_STEPS} run={run} onEnd={onEnd} />;
}
