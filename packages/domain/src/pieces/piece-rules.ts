import type { FileTypeCode } from '../documents/file-types';
import type { ParticipantRole, ProjectSubtype } from '../projects/project';
import { QUESTIONNAIRE_DOC_TYPES, type QuestionnaireDocType } from '../projects/participant-documents';
import type { Condition } from '../questionnaires/engine/conditions';
import { listQuestions } from '../questionnaires/engine/definition-index';
import { QUESTIONNAIRE_DEFINITIONS } from '../questionnaires/registry';

/**
 * The pieces (supporting documents) a file asks of each person, as data.
 *
 * Two kinds of rows make the table `PIECE_RULES`:
 * - one row per supporting document attached to a question of the seven
 *   questionnaires, generated from the definitions: its trigger is the
 *   question plus the document's own `requiredWhen` (never written twice);
 * - the basics of each role (`ROLE_PIECE_RULES`), written here, for what no
 *   question asks although every notary needs it (identity, the seller's
 *   title, a land's risk statement, the deceased's family booklet...).
 * A piece asked both ways (the seller's property title) becomes one request
 * with both reasons.
 */

/** A kind of piece: what to send and in which file-type drawers it may be filed. */
export interface PieceKind {
  id: string;
  /** French description of what to send. */
  label: string;
  /** File types a sent file of this piece may carry; the first is the default. */
  fileTypes: readonly [FileTypeCode, ...FileTypeCode[]];
}

/** Who a role row asks: every participant of the role, or one for the whole file (the title, the death certificate). */
export type PieceConcerns = 'each' | 'one';

export type PieceTrigger =
  /** A question's answer calls for it: the document's `requiredWhen` in that questionnaire (always, when absent). */
  | { kind: 'answer'; questionnaire: QuestionnaireDocType; questionId: string; when: Condition | undefined }
  /** The person's role in a file of these subtypes calls for it. */
  | { kind: 'role'; roles: readonly ParticipantRole[]; subtypes: readonly ProjectSubtype[]; concerns: PieceConcerns };

export interface PieceRule {
  pieceId: string;
  trigger: PieceTrigger;
}

/**
 * The file-type drawers of each supporting-document id the questionnaires use
 * (`documents/file-types.ts`). Hand-kept: a test fails when a definition adds
 * a document id missing here.
 */
export const SUPPORTING_DOCUMENT_FILE_TYPES: Readonly<Record<string, PieceKind['fileTypes']>> = {
  // Civil status
  resident_card: ['residence_permit'],
  translated_birth_certificate: ['birth_certificate'],
  marriage_contract: ['marriage_contract'],
  divorce_judgment: ['divorce_judgment'],
  pacs_agreement: ['pacs_agreement'],
  trade_registration: ['company_kbis'],
  // Price block
  accepted_offer: ['sale_agreement'],
  agency_mandate: ['mandate'],
  // Purchase
  buying_company_statutes: ['company_statutes'],
  buying_company_kbis: ['company_kbis'],
  loan_offer: ['loan_offer', 'bank_funding_certificate'],
  funds_origin_proof: ['bank_funding_certificate'],
  // Succession
  death_certificate: ['death_certificate'],
  investment_statements: ['securities_portfolio', 'bank_balances_at_death'],
  property_titles: ['property_title', 'attestation_of_ownership', 'previous_deed'],
  vehicle_registration: ['vehicle_registration'],
  life_insurance_contracts: ['life_insurance_contracts'],
  company_statutes: ['company_statutes'],
  ifi_return: ['wealth_statement', 'tax_notice'],
  loan_schedules: ['loan_amortization'],
  donation_deeds: ['donation_deed'],
  // Lotissement, ASL, copropriété
  lot_regulations: ['allotment_documents'],
  asl_statutes: ['allotment_documents'],
  asl_charges_call: ['allotment_documents'],
  asl_general_assembly_minutes: ['allotment_documents'],
  copro_general_assembly_minutes: ['general_meeting_minutes'],
  copro_charges_calls: ['condominium_charges'],
  copro_building_insurance: ['home_insurance'],
  copro_rules: ['condominium_rules', 'division_statement'],
  copro_works_authorization: ['general_meeting_minutes'],
  // Land and building
  boundary_report: ['boundary_survey'],
  adjoining_land_titles: ['previous_deed', 'property_title'],
  land_division_plan: ['survey_plan', 'division_document'],
  easement_deeds: ['easement_deed'],
  urbanism_certificate: ['urban_planning_certificate'],
  building_permit: ['building_permit'],
  development_permit: ['allotment_permit', 'prior_declaration'],
  rural_lease: ['rural_lease'],
  building_permit_and_completion: ['building_permit', 'prior_declaration', 'completion_declaration', 'certificate_of_conformity'],
  works_insurance_certificate: ['decennial_insurance', 'ten_year_insurance'],
  works_invoices: ['works_invoices'],
  equipment_warranties: ['works_invoices', 'maintenance_contracts'],
  // Sanitation and diagnostics
  sewage_connection_certificate: ['sewer_connection_report'],
  sewage_inspection_report: ['sanitation_report'],
  sanitation_formal_notice: ['sanitation_report'],
  technical_diagnostics: [
    'dpe',
    'asbestos_report',
    'lead_report',
    'termites_report',
    'gas_report',
    'electricity_report',
    'natural_risks_statement',
    'carrez_certificate',
  ],
  // Contracts, loans, tax
  lease_contract: ['lease_agreement'],
  lease_termination_notice: ['tenant_notice'],
  display_contract: ['billboard_contract'],
  alarm_contract: ['alarm_contract'],
  gas_tank_contract: ['maintenance_contracts'],
  legal_proceedings: ['other'],
  tax_benefit_commitment: ['tax_benefit_documents'],
  relay_loan_offer: ['loan_offer'],
  property_title: ['property_title', 'previous_deed', 'attestation_of_ownership'],
  main_residence_proof: ['proof_of_address', 'tax_notice'],
  disaster_compensation: ['insurance_claim'],
  sale_authorization_minutes: ['shareholders_decision'],
};

/** Pieces no question asks for, asked by `ROLE_PIECE_RULES`. */
const ROLE_ONLY_PIECES: readonly PieceKind[] = [
  {
    id: 'identity_document',
    label: "Copie d'une pièce d'identité en cours de validité (carte nationale d'identité ou passeport)",
    fileTypes: ['identity_card', 'passport', 'residence_permit'],
  },
  {
    id: 'risk_statement',
    label: 'État des risques et pollutions (ERP) du terrain, de moins de 6 mois',
    fileTypes: ['natural_risks_statement'],
  },
  { id: 'deceased_family_booklet', label: 'Livret de famille du défunt', fileTypes: ['family_booklet'] },
  { id: 'income_tax_notice', label: "Dernier avis d'impôt sur le revenu", fileTypes: ['tax_notice'] },
];

/** Parties to the deed: the professionals (intermediary, office) are asked nothing. */
const PARTY_ROLES: readonly ParticipantRole[] = ['seller', 'buyer', 'heir', 'spouse', 'client'];
const ALL_SUBTYPES: readonly ProjectSubtype[] = ['appt', 'house', 'land', 'settlement', 'balance'];

/**
 * The basics of each role, each row with what triggers it. The marriage
 * contract (civil status: married), the divorce judgment and the PACS are
 * asked by the civil-status questionnaire's own documents, not here.
 */
export const ROLE_PIECE_RULES: readonly PieceRule[] = [
  // Every party signs: the notary certifies the identity of each in the deed.
  { pieceId: 'identity_document', trigger: { kind: 'role', roles: PARTY_ROLES, subtypes: ALL_SUBTYPES, concerns: 'each' } },
  // One title per property, however many sellers (the land questionnaire has no question asking it).
  { pieceId: 'property_title', trigger: { kind: 'role', roles: ['seller'], subtypes: ['appt', 'house', 'land'], concerns: 'one' } },
  // A built property's diagnostic file: the house questionnaire has no diagnostics step.
  { pieceId: 'technical_diagnostics', trigger: { kind: 'role', roles: ['seller'], subtypes: ['appt', 'house'], concerns: 'one' } },
  // Land is not built: of the diagnostic file, only the risk statement applies.
  { pieceId: 'risk_statement', trigger: { kind: 'role', roles: ['seller'], subtypes: ['land'], concerns: 'one' } },
  // A settlement starts from the death certificate and the deceased's family.
  { pieceId: 'death_certificate', trigger: { kind: 'role', roles: ['heir', 'spouse'], subtypes: ['settlement'], concerns: 'one' } },
  { pieceId: 'deceased_family_booklet', trigger: { kind: 'role', roles: ['heir', 'spouse'], subtypes: ['settlement'], concerns: 'one' } },
  // A wealth review starts from the income and wealth the tax notice shows.
  { pieceId: 'income_tax_notice', trigger: { kind: 'role', roles: ['client'], subtypes: ['balance'], concerns: 'each' } },
];

/** The rows generated from the seven questionnaires, in questionnaire order. */
function answerRules(): PieceRule[] {
  const rules: PieceRule[] = [];
  for (const docType of QUESTIONNAIRE_DOC_TYPES) {
    for (const question of listQuestions(QUESTIONNAIRE_DEFINITIONS[docType])) {
      for (const document of question.documents ?? []) {
        rules.push({
          pieceId: document.id,
          trigger: { kind: 'answer', questionnaire: docType, questionId: question.id, when: document.requiredWhen },
        });
      }
    }
  }
  return rules;
}

/** The whole table: what asks for which piece, answer rows first. */
export const PIECE_RULES: readonly PieceRule[] = Object.freeze([...answerRules(), ...ROLE_PIECE_RULES]);

/** The request kind of a piece sent without a request ("Autre document"). */
export const OTHER_PIECE_KIND: PieceKind = { id: 'other', label: 'Autre document', fileTypes: ['other'] };

function buildPieceKinds(): ReadonlyMap<string, PieceKind> {
  const kinds = new Map<string, PieceKind>();
  for (const definition of Object.values(QUESTIONNAIRE_DEFINITIONS)) {
    for (const question of listQuestions(definition)) {
      for (const document of question.documents ?? []) {
        if (kinds.has(document.id)) continue;
        // The first label met wins: the definitions share one label per id.
        kinds.set(document.id, {
          id: document.id,
          label: document.label,
          fileTypes: SUPPORTING_DOCUMENT_FILE_TYPES[document.id] ?? ['other'],
        });
      }
    }
  }
  for (const kind of [...ROLE_ONLY_PIECES, OTHER_PIECE_KIND]) kinds.set(kind.id, kind);
  return kinds;
}

/** Every kind of piece a request may be of, by id. */
export const PIECE_KINDS: ReadonlyMap<string, PieceKind> = buildPieceKinds();

/** The kind of piece `id`; "Autre document" for an id no rule knows (an old request). */
export function findPieceKind(id: string): PieceKind {
  return PIECE_KINDS.get(id) ?? { ...OTHER_PIECE_KIND, id };
}
