import { answeredYes, dateField, defineQuestionnaire, question, step, textField, yesNoField } from '../engine/builders';
import { NAME_LENGTH } from '../engine/kinds';

// Spec 001, section 3 "documentSuccession": two steps, 'État civil du défunt'
// and 'Succession'. Names are the spec's, including its gaps (there is no
// succession_q7) and spellings (ephad, vehicule). The field the spec hides
// behind deceased_q12_bankrupt is ours: deceased_q12_bankrupt_ongoing.

/** Sent trimmed to 10 characters (spec 001, sections 3 and 5): JJ/MM/AAAA. */
const SUCCESSION_DATE_LENGTH = 10;

export const successionDefinition = defineQuestionnaire({
  docType: 'document_successions',
  title: 'Succession',
  purpose:
    "Ces informations permettent à votre notaire d'identifier le défunt, de rechercher les actes qu'il a pu laisser (testament, donations) et de dresser l'inventaire de ce qu'il possédait et devait, pour régler la succession.",
  steps: [
    step(0, 'État civil du défunt', [
      question(
        'Quels étaient les nom et prénoms du défunt ?',
        [
          textField('deceased_q1_last_name', NAME_LENGTH, { label: 'Nom de naissance' }),
          textField('deceased_q1_first_name', NAME_LENGTH, { label: 'Prénoms' }),
        ],
        { documents: [{ id: 'death_certificate', label: "Copie intégrale de l'acte de décès" }] },
      ),
      question('Quand et où le défunt est-il né ?', [
        dateField('deceased_q2_birthdate', { label: 'Date de naissance', maxLength: SUCCESSION_DATE_LENGTH }),
        textField('deceased_q3_birth_place', 255, { label: 'Lieu de naissance' }),
      ]),
      question('Quand et où le défunt est-il décédé ?', [
        dateField('deceased_q4_death_date', { label: 'Date du décès', maxLength: SUCCESSION_DATE_LENGTH }),
        textField('deceased_q5_death_place', 255, { label: 'Lieu du décès' }),
      ]),
      question(
        'Quelle était la dernière adresse du défunt ?',
        [
          textField('deceased_q6_address', 255, { label: 'Adresse' }),
          textField('deceased_q7_postal_code', 50, { label: 'Code postal', format: 'postalCode' }),
          textField('deceased_q8_city', NAME_LENGTH, { label: 'Ville' }),
        ],
        { hint: 'Le lieu du dernier domicile détermine notamment la loi applicable à la succession.' },
      ),
      question('Quelle était la nationalité du défunt ?', [textField('deceased_q9_nationality', 50)]),
      question('Le défunt résidait-il en EHPAD ou en maison de retraite ?', [yesNoField('deceased_q10_ephad')]),
      question('Le défunt exerçait-il une activité professionnelle au jour de son décès ?', [yesNoField('deceased_q11_pro')]),
      question("Le défunt faisait-il l'objet d'une procédure de faillite (redressement ou liquidation judiciaire) ?", [
        yesNoField('deceased_q12_bankrupt'),
        yesNoField('deceased_q12_bankrupt_ongoing', {
          label: 'Cette procédure était-elle toujours en cours au jour du décès ?',
          visibleWhen: answeredYes('deceased_q12_bankrupt'),
        }),
      ]),
    ]),
    step(1, 'Succession', [
      question('Le défunt laisse-t-il un conjoint survivant ?', [yesNoField('succession_q1_spouse')]),
      question(
        'Le défunt avait-il rédigé un testament ?',
        [
          yesNoField('succession_q2_will'),
          textField('succession_q2_will_notary_name', NAME_LENGTH, {
            label: 'Nom du notaire qui conserve le testament',
            visibleWhen: answeredYes('succession_q2_will'),
          }),
          textField('succession_q2_will_notary_email', 255, {
            label: 'Adresse e-mail de ce notaire',
            format: 'email',
            visibleWhen: answeredYes('succession_q2_will'),
          }),
          textField('succession_q2_will_notary_phone', 50, {
            label: 'Téléphone de ce notaire',
            format: 'phone',
            visibleWhen: answeredYes('succession_q2_will'),
          }),
        ],
        { hint: 'Si vous savez quel notaire conserve le testament, indiquez ses coordonnées : votre notaire se le fera transmettre.' },
      ),
      question(
        "Le défunt détenait-il des placements financiers (comptes-titres, PEA, livrets, plans d'épargne) ?",
        [yesNoField('succession_q3_investment')],
        {
          documents: [
            {
              id: 'investment_statements',
              label: 'Derniers relevés des comptes et placements',
              requiredWhen: answeredYes('succession_q3_investment'),
            },
          ],
        },
      ),
      question('Le défunt était-il propriétaire de biens immobiliers ?', [yesNoField('succession_q4_realty')], {
        documents: [
          { id: 'property_titles', label: 'Titres de propriété des biens immobiliers', requiredWhen: answeredYes('succession_q4_realty') },
        ],
      }),
      question("L'un de ces biens se trouve-t-il dans une copropriété ?", [yesNoField('succession_q5_syndic')], {
        hint: 'Si oui, votre notaire prendra contact avec le syndic de copropriété.',
      }),
      question('Le défunt possédait-il un ou plusieurs véhicules ?', [yesNoField('succession_q6_vehicule')], {
        documents: [
          {
            id: 'vehicle_registration',
            label: "Certificats d'immatriculation (cartes grises) des véhicules",
            requiredWhen: answeredYes('succession_q6_vehicule'),
          },
        ],
      }),
      question("Le défunt avait-il souscrit des contrats d'assurance-vie ?", [yesNoField('succession_q8_life_insurance')], {
        documents: [
          {
            id: 'life_insurance_contracts',
            label: "Contrats ou derniers relevés d'assurance-vie",
            requiredWhen: answeredYes('succession_q8_life_insurance'),
          },
        ],
      }),
      question('Le défunt était-il locataire de son logement ?', [yesNoField('succession_q9_location')], {
        hint: 'Le bail devra être résilié et le dépôt de garantie restitué à la succession.',
      }),
      question('Le défunt détenait-il des parts de sociétés ?', [yesNoField('succession_q10_companies')], {
        documents: [
          { id: 'company_statutes', label: 'Statuts à jour des sociétés', requiredWhen: answeredYes('succession_q10_companies') },
        ],
      }),
      question('Le défunt détenait-il des parts sociales de banque mutualiste ou de société coopérative ?', [
        yesNoField('succession_q11_coop'),
      ]),
      question("Le défunt était-il redevable de l'impôt sur la fortune immobilière (IFI) ?", [yesNoField('succession_q12_ifi')], {
        documents: [{ id: 'ifi_return', label: "Dernière déclaration d'IFI", requiredWhen: answeredYes('succession_q12_ifi') }],
      }),
      question('Le défunt avait-il des emprunts en cours ?', [yesNoField('succession_q13_loan')], {
        hint: 'Une assurance décès peut couvrir tout ou partie du capital restant dû.',
        documents: [
          {
            id: 'loan_schedules',
            label: "Tableaux d'amortissement des emprunts en cours",
            requiredWhen: answeredYes('succession_q13_loan'),
          },
        ],
      }),
      question(
        "Le défunt percevait-il des aides sociales (allocation de solidarité aux personnes âgées, aide sociale à l'hébergement…) ?",
        [yesNoField('succession_q14_social_aid')],
        { hint: 'Certaines de ces aides peuvent être récupérées sur la succession.' },
      ),
      question('Le défunt avait-il consenti des donations de son vivant ?', [yesNoField('succession_q15_charity_given')], {
        documents: [
          { id: 'donation_deeds', label: 'Copies des actes de donation', requiredWhen: answeredYes('succession_q15_charity_given') },
        ],
      }),
      question('Le défunt avait-il lui-même reçu des donations ?', [yesNoField('succession_q16_charity_received')]),
    ]),
  ],
});
