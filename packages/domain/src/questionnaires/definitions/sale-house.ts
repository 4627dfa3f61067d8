import {
  answeredNo,
  answeredYes,
  dateField,
  defineQuestionnaire,
  question,
  section,
  step,
  textAreaField,
  textField,
  yesNoField,
} from '../engine/builders';
import type { SupportingDocument } from '../engine/definition';
import { NAME_LENGTH } from '../engine/kinds';
import { priceStep } from './shared/price';
import { saleMotivationQuestions, saleObservationsQuestion } from './shared/sale-motivation';

// Spec 001, section 3 "documentSaleHouse", with the price block (step 0) and
// the motivation block (steps 17 and 18) shared with the other sales. Names are
// the spec's, typos included (step 10 'Prêts - Hypotèques'). The two names the
// spec hides in the building list are ours: situation_q1_under_10_years (the
// parent of situation_q1_warranty) and situation_q1_under_5_years
// (/work/wt/notes/decisions-sale-house.md, merged into docs/decisions.md).
// A dependant sits in its parent's question, so the reset icon clears both.

/** Pieces also asked for by other questionnaires: one id, one label everywhere. */
const DOCUMENTS = {
  aslStatutes: { id: 'asl_statutes', label: "Statuts de l'association syndicale libre (ASL)" },
  aslChargesCall: { id: 'asl_charges_call', label: "Dernier appel de charges de l'association syndicale" },
  aslMinutes: {
    id: 'asl_general_assembly_minutes',
    label: "Procès-verbaux des trois dernières assemblées générales de l'association syndicale",
  },
  coproMinutes: { id: 'copro_general_assembly_minutes', label: 'Procès-verbaux des trois dernières assemblées générales de copropriété' },
  sewageInspection: {
    id: 'sewage_inspection_report',
    label: "Rapport de contrôle de l'installation d'assainissement non collectif datant de moins de 3 ans",
  },
  worksInsurance: {
    id: 'works_insurance_certificate',
    label: "Attestations d'assurance décennale des entreprises intervenues et, le cas échéant, d'assurance dommages-ouvrage",
  },
  buildingPermit: {
    id: 'building_permit_and_completion',
    label: "Permis de construire ou déclaration préalable, déclaration d'achèvement et attestation de conformité des travaux",
  },
  worksInvoices: { id: 'works_invoices', label: 'Factures des entreprises ayant réalisé les travaux' },
  leaseContract: { id: 'lease_contract', label: 'Copie du bail en cours et de ses avenants' },
  loanSchedules: { id: 'loan_schedules', label: "Tableaux d'amortissement des emprunts en cours" },
  propertyTitle: {
    id: 'property_title',
    label: "Copie de votre titre de propriété (acte d'acquisition, de donation ou attestation de succession)",
  },
  companyStatutes: { id: 'company_statutes', label: 'Statuts à jour des sociétés' },
} as const satisfies Record<string, Omit<SupportingDocument, 'requiredWhen'>>;

const IN_LOT = answeredYes('situation_q1_lot');
const UNDER_10_YEARS = answeredYes('situation_q1_under_10_years');

export const saleHouseDefinition = defineQuestionnaire({
  docType: 'document_sale_houses',
  title: "Vente d'une maison",
  purpose:
    "Le vendeur doit informer loyalement l'acquéreur sur la maison qu'il vend : son terrain, son sous-sol, ses servitudes, son assainissement, les travaux réalisés et les contrats en cours. Vos réponses permettent à votre notaire de réunir les pièces nécessaires, de rédiger l'avant-contrat et l'acte de vente sans mauvaise surprise, et de calculer l'éventuel impôt sur la plus-value.",
  steps: [
    priceStep,
    step(1, 'Situation du terrain', [
      question("Le terrain fait-il partie d'un lotissement ?", [yesNoField('situation_q1_lot')], {
        hint: "Un lotissement résulte de la division d'un terrain en plusieurs lots à bâtir ; il a souvent un cahier des charges et un règlement.",
      }),
      question(
        "Le lotissement est-il doté d'une association syndicale de libre (ASL) ?",
        [
          yesNoField('situation_q1_asso'),
          textField('situation_q1_president_last_name', NAME_LENGTH, {
            label: 'Nom du président',
            visibleWhen: answeredYes('situation_q1_asso'),
          }),
          textField('situation_q1_president_first_name', NAME_LENGTH, {
            label: 'Prénom du président',
            visibleWhen: answeredYes('situation_q1_asso'),
          }),
          textField('situation_q1_president_email', 255, {
            label: 'Adresse e-mail du président',
            format: 'email',
            visibleWhen: answeredYes('situation_q1_asso'),
          }),
          textField('situation_q1_president_phone', 50, {
            label: 'Téléphone du président',
            format: 'phone',
            visibleWhen: answeredYes('situation_q1_asso'),
          }),
        ],
        {
          visibleWhen: IN_LOT,
          hint: "L'association gère les voies et équipements communs du lotissement ; votre notaire interrogera son président sur les charges dues.",
          documents: [
            { ...DOCUMENTS.aslStatutes, requiredWhen: answeredYes('situation_q1_asso') },
            { ...DOCUMENTS.aslChargesCall, requiredWhen: answeredYes('situation_q1_asso') },
            { ...DOCUMENTS.aslMinutes, requiredWhen: answeredYes('situation_q1_asso') },
          ],
        },
      ),
      question(
        "La maison fait-elle partie d'une copropriété ?",
        [
          yesNoField('situation_q2_copro'),
          textField('situation_q2_syndic_name', NAME_LENGTH, { label: 'Nom du syndic', visibleWhen: answeredYes('situation_q2_copro') }),
          textField('situation_q2_syndic_address', 255, { label: 'Adresse du syndic', visibleWhen: answeredYes('situation_q2_copro') }),
        ],
        {
          hint: 'Par exemple une copropriété horizontale, où plusieurs maisons partagent un terrain, une voie ou des équipements communs.',
          documents: [{ ...DOCUMENTS.coproMinutes, requiredWhen: answeredYes('situation_q2_copro') }],
        },
      ),
      question('Le terrain a-t-il été borné par un géomètre-expert ?', [yesNoField('situation_q3_landmark')], {
        hint: 'Le bornage fixe les limites du terrain avec les voisins ; il donne lieu à un procès-verbal signé par chacun.',
        documents: [{ id: 'boundary_report', label: 'Procès-verbal de bornage', requiredWhen: answeredYes('situation_q3_landmark') }],
      }),
      question(
        "Avez-vous été propriétaire d'un terrain contigu à celui-ci au cours des dix dernières années ?",
        [yesNoField('situation_q4_owner')],
        {
          hint: 'Si ce terrain voisin a été vendu ou détaché il y a moins de dix ans, la vente peut relever des règles de la division foncière ou du lotissement.',
          documents: [
            {
              id: 'adjoining_land_titles',
              label: 'Titres de propriété des terrains contigus possédés au cours des dix dernières années',
              requiredWhen: answeredYes('situation_q4_owner'),
            },
          ],
        },
      ),
    ]),
    step(2, 'État du sous-sol - Pollution', [
      question(
        "Avez-vous exercé ou laissé exercer sur le terrain une activité susceptible d'en polluer le sol ?",
        [yesNoField('pollution_q1_activities')],
        { hint: 'Par exemple : un garage, un atelier, un dépôt de carburant ou de produits chimiques, une activité agricole intensive.' },
      ),
      question("À votre connaissance, une telle activité y a-t-elle été exercée avant que vous n'en deveniez propriétaire ?", [
        yesNoField('pollution_q2_before'),
      ]),
      question('À votre connaissance, une telle activité est-elle ou a-t-elle été exercée sur un terrain voisin ?', [
        yesNoField('pollution_q3_neighbour'),
      ]),
      question(
        'Le sous-sol comporte-t-il une ancienne carrière, une cavité, une marnière ou des remblais ?',
        [yesNoField('pollution_q4_quarry')],
        {
          hint: 'Répondez selon ce que vous savez : un effondrement passé, une mention dans votre titre de propriété, une information de la mairie.',
        },
      ),
    ]),
    step(3, 'Servitudes', [
      question("Le terrain est-il grevé d'une servitude ou en bénéficie-t-il ?", [yesNoField('easement_q1_exists')], {
        hint: "Une servitude est une charge au profit d'un terrain voisin : un droit de passage, une canalisation qui traverse le terrain, une vue, un puisage…",
        documents: [
          {
            id: 'easement_deeds',
            label: 'Actes ou conventions constituant les servitudes',
            requiredWhen: answeredYes('easement_q1_exists'),
          },
        ],
      }),
      question('Un mur ou une clôture est-il mitoyen avec une propriété voisine ?', [
        yesNoField('easement_q2_wall'),
        textField('easement_q2_incharge', 255, { label: "Qui en assure l'entretien ?", visibleWhen: answeredYes('easement_q2_wall') }),
      ]),
    ]),
    step(4, 'Assainissement', [
      question(
        "La maison est-elle raccordée au réseau public d'assainissement (tout-à-l'égout) ?",
        [
          yesNoField('sanitation_q1_tal'),
          yesNoField('sanitation_q1_public_connection', {
            label: "Le raccordement a-t-il fait l'objet d'un contrôle de conformité par la commune ?",
            visibleWhen: answeredYes('sanitation_q1_tal'),
          }),
          yesNoField('sanitation_q1_paid_tax', {
            label: 'La participation au raccordement (PFAC, ancienne taxe de raccordement) a-t-elle été payée ?',
            visibleWhen: answeredYes('sanitation_q1_tal'),
          }),
          yesNoField('sanitation_q1_condition', {
            label: 'Les canalisations et le raccordement sont-ils en bon état de fonctionnement ?',
            visibleWhen: answeredYes('sanitation_q1_tal'),
          }),
        ],
        {
          documents: [
            {
              id: 'sewage_connection_certificate',
              label: 'Attestation de conformité du raccordement au réseau public',
              requiredWhen: answeredYes('sanitation_q1_public_connection'),
            },
          ],
        },
      ),
      question(
        "La maison dispose-t-elle d'un assainissement individuel (fosse septique, fosse toutes eaux, micro-station) ?",
        [
          yesNoField('sanitation_q1_simple'),
          dateField('sanitation_q1_last_drain', { label: 'Date de la dernière vidange', visibleWhen: answeredYes('sanitation_q1_simple') }),
        ],
        {
          hint: "La vente d'une maison en assainissement individuel exige un rapport de contrôle du service public d'assainissement non collectif (SPANC) de moins de 3 ans.",
          documents: [{ ...DOCUMENTS.sewageInspection, requiredWhen: answeredYes('sanitation_q1_simple') }],
        },
      ),
      question("Existe-t-il un réseau public d'assainissement dans la rue de la maison ?", [yesNoField('sanitation_street_exists')], {
        visibleWhen: { all: [answeredNo('sanitation_q1_tal'), answeredNo('sanitation_q1_simple')] },
        hint: "Lorsqu'un réseau public dessert la rue, la maison doit en principe y être raccordée dans les deux ans de sa mise en service.",
      }),
      question(
        "Avez-vous reçu une mise en demeure de réaliser des travaux d'assainissement ?",
        [yesNoField('sanitation_q2_formal_notice')],
        {
          hint: 'De la commune, de la communauté de communes ou du SPANC.',
          documents: [
            {
              id: 'sanitation_formal_notice',
              label: 'Copie de la mise en demeure reçue',
              requiredWhen: answeredYes('sanitation_q2_formal_notice'),
            },
          ],
        },
      ),
      question('Les eaux pluviales et les eaux usées sont-elles évacuées par des canalisations distinctes ?', [
        yesNoField('sanitation_q3_distinct_plug'),
      ]),
    ]),
    step(5, 'Situation du bâtiment', [
      section('Construction', [
        question('Avez-vous fait construire la maison ?', [yesNoField('situation_q1_construction')], {
          hint: "Répondez oui si vous en étiez le maître d'ouvrage, même si un constructeur a réalisé les travaux.",
        }),
        question(
          'La construction de la maison, ou des travaux importants sur celle-ci, ont-ils été achevés il y a moins de 10 ans ?',
          [
            yesNoField('situation_q1_under_10_years'),
            yesNoField('situation_q1_warranty', {
              label: 'Une assurance dommages-ouvrage a-t-elle été souscrite pour ces travaux ?',
              visibleWhen: UNDER_10_YEARS,
            }),
            yesNoField('situation_q1_under_5_years', {
              label: 'Ces travaux ont-ils été achevés il y a moins de 5 ans ?',
              visibleWhen: UNDER_10_YEARS,
            }),
          ],
          {
            hint: "Les constructeurs restent responsables des gros désordres pendant 10 ans après l'achèvement : cette garantie profite à l'acquéreur. Un achèvement de moins de 5 ans peut aussi rendre la vente soumise à la TVA.",
            documents: [
              { ...DOCUMENTS.worksInsurance, requiredWhen: UNDER_10_YEARS },
              { ...DOCUMENTS.buildingPermit, requiredWhen: UNDER_10_YEARS },
              { ...DOCUMENTS.worksInvoices, requiredWhen: answeredYes('situation_q1_under_5_years') },
            ],
          },
        ),
        question("Les taxes d'urbanisme liées à la construction (taxe d'aménagement…) ont-elles été entièrement payées ?", [
          yesNoField('situation_q3_paid_taxes'),
        ]),
        question('Le permis de construire imposait-il des conditions particulières (prescriptions, participations, servitudes) ?', [
          yesNoField('situation_q4_specific_conditions'),
        ]),
      ]),
      section('Travaux postérieurs', [
        question(
          'Des travaux ont-ils été réalisés après la construction (agrandissement, véranda, surélévation, piscine, aménagement des combles) ?',
          [yesNoField('works_after_q1_exists')],
          { documents: [{ ...DOCUMENTS.buildingPermit, requiredWhen: answeredYes('works_after_q1_exists') }] },
        ),
      ]),
      section('Impôts locaux déclaration H', [
        question(
          'Avez-vous déclaré la construction ou les travaux au centre des impôts fonciers dans les 90 jours de leur achèvement ?',
          [yesNoField('declaration_q1')],
          { hint: "Il s'agit de la déclaration « H1 » pour une maison, qui sert au calcul de la taxe foncière." },
        ),
      ]),
      section("Éléments d'équipements", [
        question(
          'Des équipements de la maison sont-ils encore sous garantie (chaudière, pompe à chaleur, panneaux solaires, menuiseries…) ?',
          [yesNoField('equipments_q1_warranty')],
          {
            hint: "Les garanties en cours sont transmises à l'acquéreur avec la maison.",
            documents: [
              {
                id: 'equipment_warranties',
                label: 'Factures et certificats de garantie des équipements',
                requiredWhen: answeredYes('equipments_q1_warranty'),
              },
            ],
          },
        ),
      ]),
    ]),
    step(6, 'Contrats existants sur le bien', [
      section('Bail', [
        question(
          'La maison sera-t-elle libre de toute occupation le jour de la vente ?',
          [
            yesNoField('lease_q1_free_when_sold'),
            yesNoField('lease_q2_previously_rented', {
              label: 'Était-elle louée auparavant ?',
              visibleWhen: answeredYes('lease_q1_free_when_sold'),
            }),
          ],
          {
            hint: 'Un locataire peut avoir un droit de préemption : votre notaire vérifiera le congé qui lui a été délivré.',
            documents: [
              { ...DOCUMENTS.leaseContract, requiredWhen: answeredNo('lease_q1_free_when_sold') },
              {
                id: 'lease_termination_notice',
                label: 'Copie du congé délivré au locataire ou de sa lettre de départ',
                requiredWhen: answeredYes('lease_q2_previously_rented'),
              },
            ],
          },
        ),
      ]),
      section('Affichage', [
        question(
          "Un contrat d'affichage publicitaire (panneau sur un mur ou sur le terrain) est-il en cours ?",
          [yesNoField('display_q1_contract')],
          {
            documents: [
              { id: 'display_contract', label: "Copie du contrat d'affichage", requiredWhen: answeredYes('display_q1_contract') },
            ],
          },
        ),
      ]),
      section('Alarme', [
        question("Un contrat d'alarme ou de télésurveillance est-il en cours ?", [yesNoField('alarm_q1_contract')], {
          documents: [
            {
              id: 'alarm_contract',
              label: "Copie du contrat d'alarme ou de télésurveillance",
              requiredWhen: answeredYes('alarm_q1_contract'),
            },
          ],
        }),
      ]),
      section('Autres contrats', [
        question(
          "D'autres contrats sont-ils attachés à la maison (entretien, revente d'électricité photovoltaïque, location de compteur…) ?",
          [yesNoField('other_contracts_q1_exists')],
        ),
        question(
          'Des équipements de la maison sont-ils loués ou financés par un crédit en cours (panneaux solaires, adoucisseur, pompe à chaleur…) ?',
          [yesNoField('other_contracts_q2_equipments')],
          { hint: "Le contrat devra être soldé ou repris par l'acquéreur." },
        ),
      ]),
      section('Procédures', [
        question(
          'Une procédure judiciaire est-elle en cours au sujet de la maison (litige avec un voisin, une entreprise, un locataire) ?',
          [yesNoField('legal_q1_exists')],
          {
            documents: [
              {
                id: 'legal_proceedings',
                label: 'Pièces de la procédure en cours (assignation, jugement)',
                requiredWhen: answeredYes('legal_q1_exists'),
              },
            ],
          },
        ),
      ]),
    ]),
    step(7, 'Avantage fiscal', [
      question(
        "Avez-vous bénéficié d'un avantage fiscal lié à l'acquisition ou aux travaux de cette maison ?",
        [
          yesNoField('fiscal_adv_q1_exists'),
          textAreaField('fiscal_adv_info', {
            label: 'Précisez le dispositif, sa date de début et la durée de votre engagement',
            visibleWhen: answeredYes('fiscal_adv_q1_exists'),
          }),
        ],
        {
          hint: "Par exemple un investissement locatif (Pinel, Denormandie, Scellier…) : vendre avant la fin de l'engagement peut en faire perdre le bénéfice.",
          documents: [
            {
              id: 'tax_benefit_commitment',
              label: "Engagement de location souscrit auprès de l'administration fiscale",
              requiredWhen: answeredYes('fiscal_adv_q1_exists'),
            },
          ],
        },
      ),
    ]),
    step(8, 'Chauffage', [
      question("La maison est-elle équipée d'une cuve à fioul ?", [yesNoField('heat_tank_q1_exists')], {
        hint: "Précisez-le même si la cuve n'est plus utilisée : une cuve hors d'usage doit être vidée, dégazée et neutralisée.",
      }),
      question('La maison est-elle raccordée au gaz de ville ?', [yesNoField('heat_tank_q1_city_gaz')]),
      question(
        "La maison est-elle équipée d'une citerne de gaz (propane) ?",
        [
          yesNoField('heat_tank_q1_gaz_tank'),
          yesNoField('heat_tank_q1_gaz_owner', { label: 'En êtes-vous propriétaire ?', visibleWhen: answeredYes('heat_tank_q1_gaz_tank') }),
          yesNoField('heat_tank_q1_gaz_renter', {
            label: 'La citerne est-elle louée à un fournisseur de gaz ?',
            visibleWhen: answeredYes('heat_tank_q1_gaz_tank'),
          }),
          textField('heat_tank_q1_company', NAME_LENGTH, {
            label: 'Nom du fournisseur',
            visibleWhen: { all: [answeredYes('heat_tank_q1_gaz_tank'), answeredYes('heat_tank_q1_gaz_renter')] },
          }),
        ],
        {
          documents: [
            {
              id: 'gas_tank_contract',
              label: 'Contrat de location ou de mise à disposition de la citerne de gaz',
              requiredWhen: answeredYes('heat_tank_q1_gaz_renter'),
            },
          ],
        },
      ),
    ]),
    step(9, 'Récupération des eaux de pluie', [
      question("La maison est-elle équipée d'un dispositif de récupération des eaux de pluie ?", [yesNoField('rain_collect_q1_equipment')]),
      question('Ce dispositif comporte-t-il une cuve de stockage ?', [yesNoField('rain_collect_q2_tank')]),
      question(
        "L'eau de pluie récupérée est-elle distribuée à l'intérieur de la maison (toilettes, lave-linge) ?",
        [
          yesNoField('rain_collect_q3_distribution'),
          yesNoField('rain_collect_q3_signal', {
            label: 'Chaque point de puisage porte-t-il la mention « eau non potable » et un pictogramme ?',
            visibleWhen: answeredYes('rain_collect_q3_distribution'),
          }),
          yesNoField('rain_collect_q3_pad', {
            label: "Les robinets d'eau de pluie sont-ils verrouillables ?",
            visibleWhen: answeredYes('rain_collect_q3_distribution'),
          }),
        ],
        {
          hint: "Un réseau d'eau de pluie à l'intérieur de la maison doit être déclaré en mairie et signalé, pour éviter toute confusion avec l'eau potable.",
        },
      ),
    ]),
    step(10, 'Prêts - Hypotèques', [
      question("La maison fait-elle l'objet d'une saisie immobilière ?", [yesNoField('foreclosure_q1_exists')]),
      question(
        'Un prêt garanti par la maison (hypothèque, privilège de prêteur de deniers) reste-t-il à rembourser ?',
        [yesNoField('foreclosure_q2_loan')],
        {
          hint: 'Le prêt sera remboursé sur le prix de vente ; votre notaire demandera à la banque le montant restant dû.',
          documents: [{ ...DOCUMENTS.loanSchedules, requiredWhen: answeredYes('foreclosure_q2_loan') }],
        },
      ),
      question("Avez-vous souscrit un prêt relais dans l'attente de cette vente ?", [yesNoField('foreclosure_q3_relay')], {
        documents: [{ id: 'relay_loan_offer', label: 'Offre de prêt relais', requiredWhen: answeredYes('foreclosure_q3_relay') }],
      }),
    ]),
    step(11, 'Plus-values', [
      question(
        'La maison est-elle votre résidence principale ?',
        [
          yesNoField('added_value_q1_main_residence'),
          dateField('added_value_q1a_main_since', {
            label: 'Depuis quelle date ?',
            visibleWhen: answeredYes('added_value_q1_main_residence'),
          }),
          yesNoField('added_value_q1b_reuse_price', {
            label:
              'Allez-vous réemployer le prix pour acquérir votre résidence principale, sans en avoir été propriétaire ces quatre dernières années ?',
            visibleWhen: answeredNo('added_value_q1_main_residence'),
          }),
          yesNoField('added_value_q1b_retired', {
            label: "Êtes-vous retraité(e) ou titulaire d'une carte d'invalidité ?",
            visibleWhen: answeredNo('added_value_q1_main_residence'),
          }),
          yesNoField('added_value_q1b_works', {
            label: "Avez-vous fait réaliser des travaux de construction, d'agrandissement ou d'amélioration depuis votre acquisition ?",
            visibleWhen: answeredNo('added_value_q1_main_residence'),
          }),
          yesNoField('added_value_q1b_paid_mutation_rights', {
            label: 'Des droits de mutation ont-ils été payés lorsque vous avez reçu la maison (donation, succession) ?',
            visibleWhen: answeredNo('added_value_q1_main_residence'),
          }),
        ],
        {
          hint: "La vente de la résidence principale est exonérée d'impôt sur la plus-value. Sinon, ces réponses permettent à votre notaire de chercher une exonération ou de réduire la plus-value imposable.",
          documents: [
            // The acquisition's date and price are the starting point of any capital gain.
            DOCUMENTS.propertyTitle,
            { ...DOCUMENTS.worksInvoices, requiredWhen: answeredYes('added_value_q1b_works') },
          ],
        },
      ),
    ]),
    step(12, 'Sinistre indemnisé', [
      question(
        "À votre connaissance, la maison avait-elle subi, avant votre acquisition, un sinistre indemnisé au titre d'une catastrophe naturelle ou technologique ?",
        [yesNoField('sinister_q1_before')],
        {
          hint: "Par exemple une inondation, une sécheresse ou un glissement de terrain reconnus par arrêté de catastrophe naturelle. La loi oblige à en informer l'acquéreur.",
        },
      ),
      question(
        "Depuis votre acquisition, la maison a-t-elle subi un sinistre indemnisé au titre d'une catastrophe naturelle ou technologique ?",
        [yesNoField('sinister_q2_after')],
        {
          documents: [
            {
              id: 'disaster_compensation',
              label: "Courrier de l'assureur indemnisant le sinistre et factures des réparations",
              requiredWhen: answeredYes('sinister_q2_after'),
            },
          ],
        },
      ),
    ]),
    step(13, 'Installations classées', [
      question(
        "Une installation classée pour la protection de l'environnement est-elle ou a-t-elle été exploitée sur le terrain ?",
        [
          yesNoField('indexed_installations_q1_exists'),
          yesNoField('indexed_installations_q1_owner', {
            label: "En êtes-vous l'exploitant ?",
            visibleWhen: answeredYes('indexed_installations_q1_exists'),
          }),
        ],
        {
          hint: 'Une activité soumise à déclaration ou à autorisation de la préfecture : dépôt de carburant, élevage, atelier de mécanique…',
        },
      ),
    ]),
    step(14, 'TVA', [
      question("Avez-vous récupéré la TVA payée lors de l'acquisition ou de la construction de la maison ?", [
        yesNoField('vat_q1_recovery'),
      ]),
      question(
        "Agissez-vous dans cette vente en tant qu'assujetti à la TVA (professionnel de l'immobilier, société) ?",
        [yesNoField('vat_q2_regime')],
        {
          hint: 'Dans ce cas, la vente peut être soumise à la TVA, sur le prix total ou sur la marge.',
        },
      ),
    ]),
    step(15, 'Déficit foncier', [
      question(
        'Avez-vous imputé un déficit foncier lié à cette maison sur votre revenu global ces trois dernières années ?',
        [yesNoField('loan_q1_deficit')],
        {
          hint: "Le bien doit alors rester loué jusqu'au 31 décembre de la troisième année suivant l'imputation, sinon l'avantage fiscal est repris.",
        },
      ),
    ]),
    step(16, 'Bien détenu par une société civile', [
      question(
        'La maison appartient-elle à une société civile (SCI) ?',
        [
          yesNoField('company_owned_q1_exists'),
          yesNoField('company_owned_q2_tax_2', {
            label: "La société est-elle soumise à l'impôt sur les sociétés ?",
            visibleWhen: answeredYes('company_owned_q1_exists'),
          }),
        ],
        {
          hint: "L'impôt sur la plus-value se calcule différemment selon le régime fiscal de la société.",
          documents: [
            { ...DOCUMENTS.companyStatutes, requiredWhen: answeredYes('company_owned_q1_exists') },
            {
              id: 'sale_authorization_minutes',
              label: "Procès-verbal de l'assemblée des associés autorisant la vente",
              requiredWhen: answeredYes('company_owned_q1_exists'),
            },
          ],
        },
      ),
    ]),
    step(17, 'Motivation de la cession', saleMotivationQuestions),
    step(18, 'Observations ou particularités', [saleObservationsQuestion]),
  ],
});
