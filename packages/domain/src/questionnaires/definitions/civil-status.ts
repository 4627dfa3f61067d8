import { choiceField, dateField, defineQuestionnaire, question, step, textField, yesNoField } from '../engine/builders';
import type { Condition } from '../engine/conditions';

// Spec 001, section 3 "documentCivilStatus". The spec shows neither the number
// nor the titles of the steps: four steps, from who you are to what binds you,
// in the order a notary's deed states them (docs/decisions.md). All text
// inputs have size 255, as the spec says.

const MARRIED: Condition = { field: 'marital_status', equals: 'married' };
const DIVORCED: Condition = { field: 'marital_status', equals: 'divorced' };

/**
 * Nationality is free text, so "French" is recognised whatever the case or
 * accents (conditions compare texts that way); anything else is foreign.
 */
const FOREIGN_NATIONAL: Condition = {
  all: [
    { field: 'nationality', answered: true },
    { not: { field: 'nationality', in: ['française', 'français', 'france', 'fr', 'french'] } },
  ],
};

export const civilStatusDefinition = defineQuestionnaire({
  docType: 'document_civil_statuses',
  title: "Questionnaire d'état civil",
  purpose:
    "Votre notaire doit vous identifier avec certitude et connaître votre situation familiale : elle détermine la manière dont vous signez l'acte et les règles qui s'appliquent à vos biens. Ces informations seront reprises dans l'acte.",
  steps: [
    step(0, 'Identité', [
      question('Quelle est votre civilité ?', [
        choiceField('civility', [
          ['M', 'Monsieur'],
          ['MME', 'Madame'],
        ]),
      ]),
      question(
        'Quels sont vos nom et prénoms ?',
        [textField('last_name', 255, { label: 'Nom de naissance' }), textField('first_name', 255, { label: 'Prénoms' })],
        { hint: "Indiquez tous vos prénoms, dans l'ordre de votre acte de naissance." },
      ),
      question(
        'Quand et où êtes-vous né(e) ?',
        [dateField('dob', { label: 'Date de naissance' }), textField('birth_place', 255, { label: 'Lieu de naissance' })],
        { hint: 'Précisez la commune et, si vous êtes né(e) hors de France, le pays.' },
      ),
      question('Quelle est votre nationalité ?', [textField('nationality', 255)], {
        documents: [
          { id: 'resident_card', label: 'Copie de votre carte de résident', requiredWhen: FOREIGN_NATIONAL },
          {
            id: 'translated_birth_certificate',
            label: 'Copie de votre acte de naissance accompagnée de sa traduction en français',
            requiredWhen: FOREIGN_NATIONAL,
          },
        ],
      }),
      question('Où se situe votre résidence fiscale ?', [
        choiceField('fiscal_residency', [
          [1, 'En France'],
          [0, "À l'étranger"],
        ]),
      ]),
    ]),
    step(1, 'Coordonnées', [
      question('Quelle est votre adresse ?', [
        textField('address', 255, { label: 'Adresse' }),
        textField('postal_code', 255, { label: 'Code postal', format: 'postalCode' }),
        textField('city', 255, { label: 'Ville' }),
      ]),
      question('À quels numéros pouvons-nous vous joindre ?', [
        textField('cell_phone', 255, { label: 'Téléphone portable', format: 'phone' }),
        textField('home_phone', 255, { label: 'Téléphone fixe', format: 'phone' }),
        textField('work_phone', 255, { label: 'Téléphone professionnel', format: 'phone' }),
        textField('fax', 255, { label: 'Fax', format: 'phone' }),
      ]),
      question('Quelle est votre adresse e-mail ?', [textField('email', 255, { format: 'email' })]),
    ]),
    step(2, 'Situation familiale', [
      question(
        'Quelle est votre situation matrimoniale ?',
        [
          choiceField('marital_status', [
            ['single', 'Célibataire'],
            ['widower', 'Veuf ou veuve'],
            ['married', 'Marié(e)'],
            ['divorced', 'Divorcé(e)'],
            ['divorcing', 'En instance de divorce'],
          ]),
        ],
        {
          documents: [
            { id: 'marriage_contract', label: 'Copie de votre contrat de mariage, si vous en avez signé un', requiredWhen: MARRIED },
            { id: 'divorce_judgment', label: 'Copie du jugement de divorce', requiredWhen: DIVORCED },
          ],
        },
      ),
      question(
        'Qui est votre conjoint ?',
        [textField('spouse_last_name', 255, { label: 'Nom de naissance' }), textField('spouse_first_name', 255, { label: 'Prénoms' })],
        { visibleWhen: MARRIED },
      ),
      question(
        'Quand et où vous êtes-vous marié(e) ?',
        [
          dateField('mariage_date', { label: 'Date du mariage' }),
          textField('mariage_postal_code', 255, { label: 'Code postal de la commune du mariage', format: 'postalCode' }),
          textField('mariage_city', 255, { label: 'Commune du mariage' }),
        ],
        { visibleWhen: MARRIED },
      ),
      question('Où avez-vous établi votre première résidence commune après le mariage ?', [textField('mariage_first_residence', 255)], {
        visibleWhen: MARRIED,
        hint: "Elle permet de déterminer la loi applicable à votre régime matrimonial si vous vous êtes marié(e) à l'étranger ou avec un(e) ressortissant(e) étranger(ère).",
      }),
      question(
        'Quel tribunal a prononcé votre divorce, et à quelle date ?',
        [textField('divorce_tribunal', 255, { label: 'Tribunal' }), dateField('divorce_date', { label: 'Date du jugement' })],
        { visibleWhen: DIVORCED },
      ),
      question(
        'Avez-vous conclu un pacte civil de solidarité (PACS) ?',
        [
          yesNoField('pacs_exists'),
          choiceField(
            'pacs_status',
            [
              [1, 'En vigueur'],
              [0, 'Dissous'],
            ],
            { label: 'Ce PACS est-il toujours en vigueur ?', visibleWhen: { field: 'pacs_exists', equals: 1 } },
          ),
        ],
        {
          documents: [
            { id: 'pacs_agreement', label: 'Copie de votre convention de PACS', requiredWhen: { field: 'pacs_exists', equals: 1 } },
          ],
        },
      ),
    ]),
    step(3, 'Situation professionnelle et financière', [
      question('Quelle est votre profession ?', [textField('profession', 255)]),
      question('Êtes-vous commerçant(e) ou artisan ?', [yesNoField('merchant_artisan')], {
        documents: [
          {
            id: 'trade_registration',
            label:
              "Extrait d'immatriculation au registre du commerce et des sociétés (K-bis) ou au répertoire des métiers, de moins de trois mois",
            requiredWhen: { field: 'merchant_artisan', equals: 1 },
          },
        ],
      }),
      question("Faites-vous, ou avez-vous fait, l'objet d'une procédure de sauvegarde, de redressement ou de liquidation judiciaire ?", [
        yesNoField('bankrupt'),
      ]),
      question('Avez-vous déposé un dossier auprès de la commission de surendettement ?', [yesNoField('debt_commission')]),
    ]),
  ],
});
