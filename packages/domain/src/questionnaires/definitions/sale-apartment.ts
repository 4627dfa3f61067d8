import {
  answeredNo,
  answeredYes,
  dateField,
  defineQuestionnaire,
  question,
  step,
  textAreaField,
  textField,
  yesNoField,
} from '../engine/builders';
import type { Condition } from '../engine/conditions';
import { NAME_LENGTH } from '../engine/kinds';
import { priceStep } from './shared/price';
import { saleMotivationQuestions, saleObservationsQuestion } from './shared/sale-motivation';

// Spec 001, section 3 "documentSaleAppt": fifteen steps (section 2), the price
// block first and the motivation block last. Every field name is the spec's;
// the spec gives no kind for most of them, so they are yes/no unless it says
// text, date or choice. Step 14 'Observations' is not shown by the spec: it
// holds sale_misc_info, the observations field of the motivation block.
// Reading of the fields the spec names without explaining them:
// /work/wt/notes/decisions-sale-apartment.md (merged into docs/decisions.md).

const IN_LOTISSEMENT = answeredYes('copro_q2_lotissement');
/** The president of the association is asked only when both answers are yes (spec 001, section 4). */
const WITH_ASSOCIATION: Condition = { all: [IN_LOTISSEMENT, answeredYes('copro_q3_asso_syndic')] };
const MAIN_RESIDENCE = answeredYes('added_value_q1_main_residence');
const NOT_MAIN_RESIDENCE = answeredNo('added_value_q1_main_residence');

export const saleApartmentDefinition = defineQuestionnaire({
  docType: 'document_sale_appts',
  title: "Vente d'un appartement",
  purpose:
    "Ces informations permettent à votre notaire de préparer l'avant-contrat puis l'acte de vente : connaître la copropriété, les travaux, les prêts et les contrats attachés à l'appartement, informer loyalement l'acquéreur et calculer l'impôt éventuel sur la plus-value. Joignez les pièces demandées : elles évitent des allers-retours et des retards.",
  steps: [
    priceStep,
    step(1, 'Copropriété', [
      question(
        "L'immeuble est-il soumis au régime de la copropriété (règlement de copropriété et état descriptif de division) ?",
        [yesNoField('copro_q1_division')],
        {
          hint: "C'est le cas de la plupart des immeubles collectifs : chaque appartement y forme un lot, décrit dans l'état descriptif de division.",
          documents: [
            {
              id: 'copro_general_assembly_minutes',
              label: 'Procès-verbaux des trois dernières assemblées générales de copropriété',
              requiredWhen: answeredYes('copro_q1_division'),
            },
            {
              id: 'copro_charges_calls',
              label: 'Derniers appels de charges de copropriété et dernier relevé annuel des charges',
              requiredWhen: answeredYes('copro_q1_division'),
            },
          ],
        },
      ),
      question(
        "L'immeuble est-il situé dans un lotissement ?",
        [
          yesNoField('copro_q2_lotissement'),
          yesNoField('copro_q3_asso_syndic', {
            label: 'Existe-t-il une association syndicale des propriétaires du lotissement (ASL) ?',
            visibleWhen: IN_LOTISSEMENT,
          }),
          textField('copro_q3_president_first_name', NAME_LENGTH, {
            label: "Prénom du président de l'association",
            visibleWhen: WITH_ASSOCIATION,
          }),
          textField('copro_q3_president_last_name', NAME_LENGTH, {
            label: "Nom du président de l'association",
            visibleWhen: WITH_ASSOCIATION,
          }),
          textField('copro_q3_president_email', 255, {
            label: 'Adresse e-mail du président',
            format: 'email',
            visibleWhen: WITH_ASSOCIATION,
          }),
          textField('copro_q3_president_phone', 50, { label: 'Téléphone du président', format: 'phone', visibleWhen: WITH_ASSOCIATION }),
        ],
        {
          hint: 'Une association syndicale libre gère les équipements communs du lotissement (voirie, espaces verts) et appelle des charges distinctes de celles de la copropriété. Votre notaire doit interroger son président avant la vente.',
          documents: [
            { id: 'asl_statutes', label: "Statuts de l'association syndicale libre (ASL)", requiredWhen: WITH_ASSOCIATION },
            { id: 'asl_charges_call', label: "Dernier appel de charges de l'association syndicale", requiredWhen: WITH_ASSOCIATION },
            {
              id: 'asl_general_assembly_minutes',
              label: "Procès-verbaux des trois dernières assemblées générales de l'association syndicale",
              requiredWhen: WITH_ASSOCIATION,
            },
          ],
        },
      ),
      question(
        'La copropriété est-elle gérée par un syndic ?',
        [
          yesNoField('copro_q4_syndic'),
          textField('copro_q4_syndic_name', NAME_LENGTH, { label: 'Nom du syndic', visibleWhen: answeredYes('copro_q4_syndic') }),
          textField('copro_q4_syndic_address', 255, { label: 'Adresse du syndic', visibleWhen: answeredYes('copro_q4_syndic') }),
          yesNoField('copro_q4_assu', {
            label:
              "En l'absence de syndic, l'immeuble est-il couvert par une assurance multirisque souscrite pour l'ensemble des copropriétaires ?",
            visibleWhen: answeredNo('copro_q4_syndic'),
          }),
        ],
        {
          hint: "Professionnel ou bénévole : votre notaire lui demandera l'état daté des charges. Ses coordonnées figurent sur vos appels de charges.",
          documents: [
            {
              id: 'copro_building_insurance',
              label: "Attestation d'assurance de l'immeuble",
              requiredWhen: answeredYes('copro_q4_assu'),
            },
          ],
        },
      ),
      question('Êtes-vous en possession du règlement de copropriété et de ses modificatifs ?', [yesNoField('copro_q5_rule')], {
        hint: "S'il vous manque, votre notaire s'en procurera une copie au service de la publicité foncière.",
        documents: [
          {
            id: 'copro_rules',
            label: 'Règlement de copropriété et état descriptif de division, avec leurs modificatifs',
            requiredWhen: answeredYes('copro_q5_rule'),
          },
        ],
      }),
      question(
        'Existe-t-il un différend entre vous et le syndicat des copropriétaires ou un autre copropriétaire ?',
        [
          yesNoField('copro_q6_spec_diff'),
          textAreaField('copro_q6_spec_diff_info', {
            label: 'Décrivez ce différend et où il en est',
            visibleWhen: answeredYes('copro_q6_spec_diff'),
          }),
        ],
        { hint: 'Par exemple : des charges contestées, un trouble de voisinage, un usage des parties communes.' },
      ),
      question(
        'Une procédure judiciaire concernant la copropriété est-elle en cours, à votre connaissance ?',
        [yesNoField('copro_q7_ongoing_procedure')],
        {
          hint: "Une action du syndicat contre un constructeur ou un copropriétaire, ou contre le syndicat : son issue peut peser sur les charges de l'acquéreur.",
        },
      ),
      question("L'appartement a-t-il subi ou causé un dégât des eaux ces dernières années ?", [
        yesNoField('copro_q8_water_damage'),
        textAreaField('copro_q8_water_damage_info', {
          label: 'Précisez la date, la cause, les réparations faites et la prise en charge par les assurances',
          visibleWhen: answeredYes('copro_q8_water_damage'),
        }),
      ]),
      question(
        'Le syndicat des copropriétaires a-t-il inscrit une hypothèque sur votre lot pour des charges impayées ?',
        [yesNoField('copro_q9_mortgage')],
        { hint: "Le syndicat bénéficie d'une hypothèque légale pour garantir les charges dues ; elle doit être levée lors de la vente." },
      ),
    ]),
    step(2, 'Travaux', [
      question(
        "Avez-vous fait réaliser des travaux dans l'appartement depuis que vous en êtes propriétaire ?",
        [
          yesNoField('works_q1_modifications'),
          textAreaField('works_q1_modifications_info', {
            label: "Décrivez ces travaux, leur date d'achèvement et les entreprises qui les ont réalisés",
            visibleWhen: answeredYes('works_q1_modifications'),
          }),
        ],
        {
          hint: "Cloisons abattues ou déplacées, salle d'eau créée, fenêtres, électricité… Pour des travaux achevés il y a moins de 10 ans, joignez les attestations d'assurance des entreprises : leur garantie décennale profite à l'acquéreur. Pour des travaux achevés il y a moins de 5 ans, joignez aussi leurs factures.",
          documents: [
            {
              id: 'works_insurance_certificate',
              label: "Attestations d'assurance décennale des entreprises intervenues et, le cas échéant, d'assurance dommages-ouvrage",
              requiredWhen: answeredYes('works_q1_modifications'),
            },
            {
              id: 'works_invoices',
              label: 'Factures des entreprises ayant réalisé les travaux',
              requiredWhen: answeredYes('works_q1_modifications'),
            },
          ],
        },
      ),
      question("Avez-vous changé l'usage ou la destination d'une partie du bien ?", [yesNoField('works_q2_change_assignment')], {
        hint: 'Par exemple : un local commercial, une cave ou des combles transformés en logement, ou un logement transformé en bureau.',
      }),
      question(
        'Avez-vous divisé votre lot, réuni plusieurs lots ou annexé une partie commune ?',
        [yesNoField('works_q3_division_assemble')],
        { hint: "Ces opérations modifient l'état descriptif de division et demandent un vote de l'assemblée générale." },
      ),
      question(
        "Les travaux touchant les parties communes ou l'aspect extérieur de l'immeuble ont-ils été autorisés par l'assemblée générale ?",
        [yesNoField('works_q4_authorization')],
        {
          hint: 'Murs porteurs, façade, fenêtres, canalisations communes… Répondez non si de tels travaux ont été faits sans autorisation.',
          documents: [
            {
              id: 'copro_works_authorization',
              label: "Procès-verbal de l'assemblée générale ayant autorisé les travaux",
              requiredWhen: answeredYes('works_q4_authorization'),
            },
          ],
        },
      ),
      question('Avez-vous installé un WC à broyeur (de type Saniflo) ?', [yesNoField('works_q5_saniflo')], {
        hint: 'Son installation est strictement encadrée par le règlement sanitaire et souvent par le règlement de copropriété.',
      }),
      question(
        "Les travaux ont-ils fait l'objet d'une déclaration préalable ou d'un permis de construire ?",
        [yesNoField('works_q6_declaration')],
        {
          documents: [
            {
              id: 'building_permit_and_completion',
              label: "Permis de construire ou déclaration préalable, déclaration d'achèvement et attestation de conformité des travaux",
              requiredWhen: answeredYes('works_q6_declaration'),
            },
          ],
        },
      ),
    ]),
    step(3, 'Diagnostics techniques', [
      question(
        "Certaines parties de l'appartement ou de ses annexes n'ont-elles pas pu être visitées par le diagnostiqueur ?",
        [yesNoField('diag_q1_unvisited_places')],
        {
          hint: "Une cave fermée, un faux plafond, des combles inaccessibles… Le diagnostiqueur les signale dans ses rapports ; le notaire en informera l'acquéreur.",
          documents: [
            {
              id: 'technical_diagnostics',
              label:
                'Dossier de diagnostic technique : performance énergétique, amiante, plomb, électricité, gaz, termites, état des risques et mesurage loi Carrez',
            },
          ],
        },
      ),
    ]),
    step(4, 'Prêts - Hypothèques', [
      question("L'appartement fait-il l'objet d'une saisie immobilière ?", [yesNoField('loan_q1_foreclosure')], {
        hint: 'Une saisie engagée par un créancier empêche de vendre librement : votre notaire doit le savoir dès maintenant.',
      }),
      question(
        "Un prêt garanti par une hypothèque ou un privilège de prêteur de deniers sur l'appartement reste-t-il à rembourser ?",
        [yesNoField('loan_q2_mortgage')],
        {
          hint: 'Le prêt sera remboursé sur le prix de vente : votre notaire demandera le décompte à la banque.',
          documents: [
            {
              id: 'loan_schedules',
              label: "Tableaux d'amortissement des emprunts en cours",
              requiredWhen: answeredYes('loan_q2_mortgage'),
            },
          ],
        },
      ),
      question("Avez-vous souscrit un prêt relais dans l'attente de cette vente ?", [yesNoField('loan_q3_relay')], {
        documents: [{ id: 'relay_loan_offer', label: 'Offre de prêt relais', requiredWhen: answeredYes('loan_q3_relay') }],
      }),
      question("L'appartement a-t-il été donné en garantie d'une autre dette (caution hypothécaire pour un proche ou une société) ?", [
        yesNoField('loan_q4_realty_given_as_warranty'),
      ]),
    ]),
    step(5, 'Plus-values', [
      question(
        "L'appartement est-il votre résidence principale ?",
        [
          yesNoField('added_value_q1_main_residence'),
          dateField('added_value_q1a_main_since', { label: 'Depuis quelle date ?', visibleWhen: MAIN_RESIDENCE }),
          yesNoField('added_value_q1b_reuse_price', {
            label:
              'Comptez-vous réemployer le prix pour acheter votre résidence principale, sans avoir été propriétaire de celle-ci au cours des quatre dernières années ?',
            visibleWhen: NOT_MAIN_RESIDENCE,
          }),
          yesNoField('added_value_q1b_retired', {
            label: "Êtes-vous retraité(e) ou titulaire d'une carte d'invalidité, avec des revenus modestes ?",
            visibleWhen: NOT_MAIN_RESIDENCE,
          }),
          yesNoField('added_value_q1b_works', {
            label:
              "Avez-vous fait réaliser par des entreprises des travaux de construction, d'agrandissement ou d'amélioration depuis l'acquisition ?",
            visibleWhen: NOT_MAIN_RESIDENCE,
          }),
          yesNoField('added_value_q1b_paid_mutation_rights', {
            label: "Avez-vous payé des droits de succession ou de donation lorsque vous avez reçu l'appartement ?",
            visibleWhen: NOT_MAIN_RESIDENCE,
          }),
        ],
        {
          hint: "La vente de la résidence principale est exonérée d'impôt sur la plus-value. Sinon, ces réponses permettent de chercher une exonération ou de réduire la plus-value imposable.",
          documents: [
            {
              id: 'property_title',
              label: "Copie de votre titre de propriété (acte d'acquisition, de donation ou attestation de succession)",
            },
            {
              id: 'main_residence_proof',
              label:
                "Justificatif de résidence principale à l'adresse de l'appartement (dernier avis d'impôt sur le revenu ou facture d'énergie)",
              requiredWhen: MAIN_RESIDENCE,
            },
            {
              id: 'works_invoices',
              label: 'Factures des entreprises ayant réalisé les travaux',
              requiredWhen: answeredYes('added_value_q1b_works'),
            },
          ],
        },
      ),
    ]),
    step(6, 'Activité professionnelle', [
      question(
        "Une activité professionnelle est-elle ou a-t-elle été exercée dans l'appartement ?",
        [
          yesNoField('pro_activity_q1'),
          textAreaField('pro_activity_q1_info', {
            label: 'Précisez laquelle, depuis quand et dans quelle partie du bien',
            visibleWhen: answeredYes('pro_activity_q1'),
          }),
        ],
        {
          hint: "Un usage professionnel peut demander une autorisation de changement d'usage et modifie le calcul de la plus-value sur la partie concernée.",
        },
      ),
    ]),
    step(7, 'Contrats existants', [
      question(
        "L'appartement sera-t-il libre de toute occupation le jour de la vente ?",
        [
          yesNoField('contract_lease_q1_free_on_sale'),
          yesNoField('contract_lease_q2_previously_rented', {
            label: 'Était-il loué auparavant ?',
            visibleWhen: answeredYes('contract_lease_q1_free_on_sale'),
          }),
        ],
        {
          hint: "S'il est loué, l'acquéreur reprend le bail. S'il a été libéré par un locataire, votre notaire vérifie que le congé a été donné régulièrement.",
          documents: [
            {
              id: 'lease_contract',
              label: 'Copie du bail en cours et de ses avenants',
              requiredWhen: answeredNo('contract_lease_q1_free_on_sale'),
            },
            {
              id: 'lease_termination_notice',
              label: 'Copie du congé délivré au locataire ou de sa lettre de départ',
              requiredWhen: answeredYes('contract_lease_q2_previously_rented'),
            },
          ],
        },
      ),
      question(
        "Cette vente est-elle la première vente de l'appartement depuis la mise en copropriété de l'immeuble ?",
        [yesNoField('contract_lease_q3_first_sale')],
        { hint: "Dans ce cas, le locataire ou l'occupant de bonne foi peut bénéficier d'un droit de préemption." },
      ),
      question("Un contrat d'alarme ou de télésurveillance est-il en cours pour l'appartement ?", [yesNoField('contract_lease_q4_alarm')], {
        hint: "Il faudra le résilier ou le transférer à l'acquéreur.",
        documents: [
          {
            id: 'alarm_contract',
            label: "Copie du contrat d'alarme ou de télésurveillance",
            requiredWhen: answeredYes('contract_lease_q4_alarm'),
          },
        ],
      }),
    ]),
    step(8, 'Avantage fiscal', [
      question(
        "Avez-vous bénéficié d'un avantage fiscal lié à l'appartement (dispositif Pinel, Duflot, Scellier, Malraux, Denormandie…) ?",
        [
          yesNoField('fiscal_adv_q1_exists'),
          textAreaField('fiscal_adv_q1_info', {
            label: "Précisez le dispositif et la date de début de l'engagement",
            visibleWhen: answeredYes('fiscal_adv_q1_exists'),
          }),
        ],
        {
          documents: [
            {
              id: 'tax_benefit_commitment',
              label: "Engagement de location souscrit auprès de l'administration fiscale",
              requiredWhen: answeredYes('fiscal_adv_q1_exists'),
            },
          ],
        },
      ),
      question(
        "La durée de l'engagement de location liée à cet avantage est-elle arrivée à son terme ?",
        [yesNoField('fiscal_adv_q2_engagement_over')],
        {
          hint: "Vendre avant la fin de l'engagement peut entraîner la reprise des réductions d'impôt déjà obtenues.",
        },
      ),
      question(
        'Un autre contrat est-il lié à cet investissement (mandat de gestion locative, bail avec un exploitant de résidence de services) ?',
        [yesNoField('fiscal_adv_q3_other_contract_exists')],
      ),
      question(
        "Des équipements de l'appartement sont-ils encore couverts par une garantie transmissible à l'acquéreur ?",
        [yesNoField('fiscal_adv_q4_equipment_warranty')],
        {
          hint: 'Chaudière, pompe à chaleur, cuisine équipée…',
          documents: [
            {
              id: 'equipment_warranties',
              label: 'Factures et certificats de garantie des équipements',
              requiredWhen: answeredYes('fiscal_adv_q4_equipment_warranty'),
            },
          ],
        },
      ),
    ]),
    step(9, 'Sinistre indemnisé', [
      question(
        "À votre connaissance, l'appartement avait-il subi, avant que vous l'achetiez, un sinistre indemnisé au titre d'une catastrophe naturelle ou technologique ?",
        [yesNoField('sinister_q1_exists_before')],
        {
          hint: "La loi oblige le vendeur à en informer l'acquéreur (inondation, sécheresse, mouvement de terrain…).",
        },
      ),
      question(
        "Depuis que vous en êtes propriétaire, l'appartement a-t-il subi un sinistre indemnisé au titre d'une catastrophe naturelle ou technologique ?",
        [yesNoField('sinister_q2_exists_after')],
        {
          documents: [
            {
              id: 'disaster_compensation',
              label: "Courrier de l'assureur indemnisant le sinistre et factures des réparations",
              requiredWhen: answeredYes('sinister_q2_exists_after'),
            },
          ],
        },
      ),
    ]),
    step(10, 'TVA', [
      question(
        "Avez-vous récupéré la TVA payée lors de l'acquisition de l'appartement ou sur des travaux ?",
        [yesNoField('vat_q1_recovery')],
        {
          hint: "C'est souvent le cas d'un bien acheté neuf dans une résidence de services ou pour une activité professionnelle : la vente peut alors entraîner un reversement.",
        },
      ),
      question("Êtes-vous assujetti(e) à la TVA au titre de l'appartement (location meublée avec services, activité professionnelle) ?", [
        yesNoField('vat_q2_regime'),
      ]),
    ]),
    step(11, 'Déficit foncier', [
      question(
        "Avez-vous déduit de votre revenu global un déficit foncier provenant de l'appartement au cours des trois dernières années ?",
        [yesNoField('deficit_q1_exists')],
        {
          hint: "Si le bien cesse d'être loué avant le 31 décembre de la troisième année qui suit la déduction, celle-ci est remise en cause.",
        },
      ),
    ]),
    step(12, 'Bien détenu (par une société civile)', [
      question(
        "L'appartement appartient-il à une société civile (SCI) ?",
        [
          yesNoField('company_owned_q1_exists'),
          yesNoField('company_owned_q2_tax_2', {
            label: "La société est-elle soumise à l'impôt sur les sociétés ?",
            visibleWhen: answeredYes('company_owned_q1_exists'),
          }),
        ],
        {
          hint: "L'impôt de la société détermine le calcul de l'impôt sur la plus-value.",
          documents: [
            {
              id: 'company_statutes',
              label: 'Statuts à jour des sociétés',
              requiredWhen: answeredYes('company_owned_q1_exists'),
            },
            {
              id: 'sale_authorization_minutes',
              label: "Procès-verbal de l'assemblée des associés autorisant la vente",
              requiredWhen: answeredYes('company_owned_q1_exists'),
            },
          ],
        },
      ),
    ]),
    step(13, 'Motivation de la cession', saleMotivationQuestions),
    step(14, 'Observations', [saleObservationsQuestion]),
  ],
});
