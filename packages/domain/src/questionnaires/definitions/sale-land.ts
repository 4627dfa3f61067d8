import { answeredYes, defineQuestionnaire, question, step, textAreaField, textField, yesNoField } from '../engine/builders';
import { NAME_LENGTH } from '../engine/kinds';
import { priceStep } from './shared/price';

// Spec 001, section 3 "documentSaleLand": the price block, then three steps
// ('Lotissement', 'Division / Viabilisation', 'Terrain agricole'). The spec
// lists servitude, urbanism certificate, building permit and development
// permit between the servicing and the agricultural fields: they are asked on
// step 2, with the division and the servicing, where a notary checks what may
// be built on the land (decisions note). Follow-up questions (the ASL, the
// lease) hide, and so clear, with their parent; the details of a contact
// (president, tenant farmer) sit in the question that asks for them.

const IN_LOT = answeredYes('lot_q1_exists');
const HAS_ASL = answeredYes('land_q1_asl');
const AGRICULTURAL = answeredYes('agricultural_land_q1_exists');
const RENTED = answeredYes('agricultural_land_q1_rented');

export const saleLandDefinition = defineQuestionnaire({
  docType: 'document_sale_lands',
  title: "Vente d'un terrain",
  purpose:
    "Avant de rédiger l'avant-contrat puis l'acte de vente, votre notaire doit connaître la situation du terrain : son appartenance à un lotissement, ses servitudes, ce que les règles d'urbanisme permettent d'y construire, sa viabilisation et, s'il est agricole, les droits de l'exploitant en place. Vos réponses lui permettent de demander les bons documents et d'informer l'acquéreur.",
  steps: [
    priceStep,
    step(1, 'Lotissement', [
      question("Le terrain fait-il partie d'un lotissement ?", [yesNoField('lot_q1_exists')], {
        hint: "Un lotissement est la division d'un terrain en plusieurs lots destinés à être bâtis, autorisée par un permis d'aménager ou une déclaration préalable. Votre titre de propriété le mentionne.",
        documents: [
          {
            id: 'lot_regulations',
            label: 'Règlement et cahier des charges du lotissement',
            requiredWhen: IN_LOT,
          },
        ],
      }),
      question(
        'Une association syndicale libre (ASL) gère-t-elle les équipements communs du lotissement ?',
        [
          yesNoField('land_q1_asl'),
          textField('lot_q1_asl_president_first_name', NAME_LENGTH, { label: "Prénom du président de l'ASL", visibleWhen: HAS_ASL }),
          textField('lot_q1_asl_president_last_name', NAME_LENGTH, { label: "Nom du président de l'ASL", visibleWhen: HAS_ASL }),
          textField('lot_q1_asl_president_email', 255, { label: 'Adresse e-mail du président', format: 'email', visibleWhen: HAS_ASL }),
          textField('lot_q1_asl_president_phone', 50, { label: 'Téléphone du président', format: 'phone', visibleWhen: HAS_ASL }),
        ],
        {
          visibleWhen: IN_LOT,
          hint: "L'ASL réunit les propriétaires des lots pour entretenir les voies, réseaux et espaces verts communs. Votre notaire demandera à son président l'état des sommes que vous lui devez.",
          documents: [
            { id: 'asl_statutes', label: "Statuts de l'association syndicale libre (ASL)", requiredWhen: HAS_ASL },
            { id: 'asl_charges_call', label: "Dernier appel de charges de l'association syndicale", requiredWhen: HAS_ASL },
            {
              id: 'asl_general_assembly_minutes',
              label: "Procès-verbaux des trois dernières assemblées générales de l'association syndicale",
              requiredWhen: HAS_ASL,
            },
          ],
        },
      ),
    ]),
    step(2, 'Division / Viabilisation', [
      question(
        "Le terrain est-il issu de la division d'une propriété plus grande, ou avez-vous possédé un terrain voisin au cours des dix dernières années ?",
        [yesNoField('division_q1_exists')],
        {
          hint: "Détacher plusieurs terrains à bâtir d'une même propriété en moins de dix ans peut relever des règles du lotissement. Indiquez aussi les terrains contigus que vous avez possédés et vendus durant cette période.",
          documents: [
            {
              id: 'land_division_plan',
              label: "Plan de division ou document d'arpentage établi par le géomètre-expert",
              requiredWhen: answeredYes('division_q1_exists'),
            },
            {
              id: 'adjoining_land_titles',
              label: 'Titres de propriété des terrains contigus possédés au cours des dix dernières années',
              requiredWhen: answeredYes('division_q1_exists'),
            },
          ],
        },
      ),
      question(
        'Le terrain est-il viabilisé ?',
        [
          yesNoField('serviced_q1_exists'),
          textAreaField('serviced_q1_description', {
            label:
              "Décrivez les réseaux raccordés (eau, électricité, assainissement, télécommunications) et l'emplacement des branchements",
            visibleWhen: answeredYes('serviced_q1_exists'),
          }),
        ],
        { hint: "Un terrain viabilisé est raccordé, ou prêt à l'être, aux réseaux publics depuis la voie." },
      ),
      question(
        "Le terrain est-il grevé d'une servitude, ou bénéficie-t-il d'une servitude sur un terrain voisin ?",
        [yesNoField('servitude_q1_exists')],
        {
          hint: 'Par exemple : un droit de passage, une canalisation ou une ligne électrique qui traverse le terrain, une interdiction de construire ou de planter.',
          documents: [
            {
              id: 'easement_deeds',
              label: 'Actes ou conventions constituant les servitudes',
              requiredWhen: answeredYes('servitude_q1_exists'),
            },
          ],
        },
      ),
      question("Un certificat d'urbanisme a-t-il été délivré pour ce terrain ?", [yesNoField('urbanism_q1_exists')], {
        hint: "Délivré par la mairie, il indique les règles d'urbanisme applicables au terrain et, s'il est « opérationnel », si le projet de construction est réalisable.",
        documents: [
          { id: 'urbanism_certificate', label: "Copie du certificat d'urbanisme", requiredWhen: answeredYes('urbanism_q1_exists') },
        ],
      }),
      question('Un permis de construire a-t-il été demandé ou obtenu sur ce terrain ?', [yesNoField('licence_q1_exists')], {
        documents: [
          {
            id: 'building_permit',
            label: 'Copie du permis de construire et de ses plans',
            requiredWhen: answeredYes('licence_q1_exists'),
          },
        ],
      }),
      question(
        "Un permis d'aménager ou une déclaration préalable de division a-t-il été obtenu pour ce terrain ?",
        [yesNoField('develop_licence_q1_exists')],
        {
          hint: 'Ces autorisations encadrent la création de lots à bâtir et leur viabilisation.',
          documents: [
            {
              id: 'development_permit',
              label: "Copie du permis d'aménager ou de la décision de non-opposition à la déclaration préalable",
              requiredWhen: answeredYes('develop_licence_q1_exists'),
            },
          ],
        },
      ),
    ]),
    step(3, 'Terrain agricole', [
      question("S'agit-il d'un terrain agricole ?", [yesNoField('agricultural_land_q1_exists')], {
        hint: 'Une terre, un pré, un verger, une vigne ou un bois. Sa vente est notifiée à la SAFER, qui peut exercer un droit de préemption.',
      }),
      question(
        'Ce terrain est-il loué à un exploitant agricole ?',
        [
          yesNoField('agricultural_land_q1_rented'),
          textField('agricultural_land_taker_first_name', NAME_LENGTH, { label: "Prénom de l'exploitant (preneur)", visibleWhen: RENTED }),
          textField('agricultural_land_taker_last_name', NAME_LENGTH, { label: "Nom de l'exploitant (preneur)", visibleWhen: RENTED }),
          textField('agricultural_land_taker_address', 255, { label: "Adresse de l'exploitant", visibleWhen: RENTED }),
          textField('agricultural_land_taker_email', 255, {
            label: "Adresse e-mail de l'exploitant",
            format: 'email',
            visibleWhen: RENTED,
          }),
          textField('agricultural_land_taker_phone', 50, { label: "Téléphone de l'exploitant", format: 'phone', visibleWhen: RENTED }),
          textField('agricultural_land_rent_amount', 50, {
            label: 'Montant annuel du fermage (en euros)',
            format: 'amount',
            visibleWhen: RENTED,
          }),
        ],
        {
          visibleWhen: AGRICULTURAL,
          hint: "L'exploitant en place, titulaire d'un bail rural, peut être prioritaire pour acheter : votre notaire devra lui notifier la vente.",
          documents: [{ id: 'rural_lease', label: 'Copie du bail rural (bail à ferme)', requiredWhen: RENTED }],
        },
      ),
    ]),
  ],
});
