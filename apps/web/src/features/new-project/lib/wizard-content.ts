import { PROJECT_SUBTYPE_LABELS, PROJECT_TYPE_LABELS, type ProjectSubtype, type ProjectType } from '@notadoo/domain';

export interface Choice<T extends string> {
  value: T;
  label: string;
  description: string;
}

/** Step 1. */
export const TYPE_CHOICES: Choice<ProjectType>[] = [
  {
    value: 'realty',
    label: PROJECT_TYPE_LABELS.realty,
    description: "La vente ou l'achat d'un appartement, d'une maison ou d'un terrain.",
  },
  {
    value: 'succession',
    label: PROJECT_TYPE_LABELS.succession,
    description: 'Le règlement d’une succession ou un bilan de votre patrimoine.',
  },
];

/** Step 2, by type. */
export const SUBTYPE_STEP: Record<ProjectType, { question: string; choices: Choice<ProjectSubtype>[] }> = {
  realty: {
    question: 'Quel est le bien concerné ?',
    choices: [
      { value: 'appt', label: PROJECT_SUBTYPE_LABELS.appt, description: 'Un appartement, en copropriété ou non.' },
      { value: 'house', label: PROJECT_SUBTYPE_LABELS.house, description: 'Une maison individuelle et son terrain.' },
      { value: 'land', label: PROJECT_SUBTYPE_LABELS.land, description: 'Un terrain, constructible ou non.' },
    ],
  },
  succession: {
    question: 'Que souhaitez-vous faire ?',
    choices: [
      {
        value: 'settlement',
        label: PROJECT_SUBTYPE_LABELS.settlement,
        description: 'Rassembler les informations et documents nécessaires au règlement d’une succession.',
      },
      {
        value: 'balance',
        label: PROJECT_SUBTYPE_LABELS.balance,
        description: 'Faire le point sur votre patrimoine et préparer sa transmission.',
      },
    ],
  },
};

/** Step 3: how to name the file. A succession is named after the deceased (spec section 2). */
export const NAME_HINTS: Record<ProjectSubtype, string> = {
  appt: 'Par exemple « Vente appartement rue de la Paix ».',
  house: 'Par exemple « Vente maison Dupont ».',
  land: 'Par exemple « Vente terrain Les Chênes ».',
  settlement: 'Indiquez le nom de la personne défunte, par exemple « Succession Jean Dupont ».',
  balance: 'Par exemple « Bilan patrimonial famille Dupont ».',
};
