import { rolesForProject, type ParticipantRole, type ProjectSubtype, type ProjectType } from './project';

/**
 * The seven questionnaires (spec 001, sections 1 and 7), under the array names
 * a project's document carries them on the wire (spec section 3).
 */
export const QUESTIONNAIRE_DOC_TYPES = [
  'document_civil_statuses',
  'document_buyers',
  'document_successions',
  'document_sale_houses',
  'document_heritage_balances',
  'document_sale_lands',
  'document_sale_appts',
] as const;
export type QuestionnaireDocType = (typeof QUESTIONNAIRE_DOC_TYPES)[number];

/** The `{type}` of `GET download_form/{type}/{documentId}`. */
export type DownloadFormType = 'civil_status' | 'buyer' | 'succession' | 'sale_house' | 'heritage_balance' | 'sale_land' | 'sale_appt';

export interface QuestionnaireNames {
  /** `GET download_form/{downloadForm}/{documentId}`. */
  downloadForm: DownloadFormType;
  /** The screen: `/project/{id}/form/{route}`. */
  route: string;
  /** The `docType` of `PATCH /document` (spec 001, section 7). */
  saveDocType: string;
}

export const QUESTIONNAIRES: Record<QuestionnaireDocType, QuestionnaireNames> = {
  document_civil_statuses: { downloadForm: 'civil_status', route: 'civilstatus', saveDocType: 'document_civil_status' },
  document_buyers: { downloadForm: 'buyer', route: 'buyer', saveDocType: 'document_buyer' },
  document_successions: { downloadForm: 'succession', route: 'succession', saveDocType: 'document_succession' },
  document_sale_houses: { downloadForm: 'sale_house', route: 'sale/house', saveDocType: 'document_sale_house' },
  document_heritage_balances: { downloadForm: 'heritage_balance', route: 'heritagebalance', saveDocType: 'document_heritage_balance' },
  document_sale_lands: { downloadForm: 'sale_land', route: 'sale/land', saveDocType: 'document_sale_land' },
  document_sale_appts: { downloadForm: 'sale_appt', route: 'sale/appt', saveDocType: 'document_sale_appt' },
};

/** Reads the `{type}` of a download_form call; undefined for anything else. */
export function findQuestionnaireByDownloadForm(type: string): QuestionnaireDocType | undefined {
  return QUESTIONNAIRE_DOC_TYPES.find((docType) => QUESTIONNAIRES[docType].downloadForm === type);
}

/** Reads the `docType` of a `PATCH /document` call; undefined for anything else. */
export function findQuestionnaireBySaveDocType(docType: string): QuestionnaireDocType | undefined {
  return QUESTIONNAIRE_DOC_TYPES.find((t) => QUESTIONNAIRES[t].saveDocType === docType);
}

export function questionnairePath(projectId: number, docType: QuestionnaireDocType): string {
  return `/project/${projectId}/form/${QUESTIONNAIRES[docType].route}`;
}

const SALE_QUESTIONNAIRE: Partial<Record<ProjectSubtype, QuestionnaireDocType>> = {
  appt: 'document_sale_appts',
  house: 'document_sale_houses',
  land: 'document_sale_lands',
};

/** Project-wide questionnaires already in the project, given to one person only. */
export interface ExistingQuestionnaires {
  hasSuccession: boolean;
  hasBalance: boolean;
}

/** Professionals handling the file, not parties to the deed. */
const PROFESSIONAL_ROLES: readonly ParticipantRole[] = ['intermediary', 'office'];

/** The roles whose questionnaire is one per file, shared by everyone of the role. */
export const SHARED_QUESTIONNAIRE_ROLES = ['seller', 'buyer'] as const satisfies readonly ParticipantRole[];
export type SharedQuestionnaireRole = (typeof SHARED_QUESTIONNAIRE_ROLES)[number];

export function isSharedQuestionnaireRole(role: string): role is SharedQuestionnaireRole {
  return (SHARED_QUESTIONNAIRE_ROLES as readonly string[]).includes(role);
}

/**
 * The questionnaire a realty file holds once for all its sellers (the sale of
 * its subtype: one property, one set of answers) or once for all its buyers
 * (the purchase, whose own fields already speak of "acquéreur 1" and
 * "acquéreur 2"). Null for other roles and kinds.
 */
export function sharedQuestionnaireFor(
  project: { type: ProjectType; subtype: ProjectSubtype },
  role: ParticipantRole,
): QuestionnaireDocType | null {
  if (project.type !== 'realty' || !rolesForProject(project.type, project.subtype).includes(role)) return null;
  if (role === 'seller') return SALE_QUESTIONNAIRE[project.subtype] ?? null;
  if (role === 'buyer') return 'document_buyers';
  return null;
}

/** Whether `docType` is one a file of this type shares per role (whichever subtype it is written for). */
export function isRoleQuestionnaireOfKind(type: ProjectType, docType: QuestionnaireDocType): boolean {
  return type === 'realty' && (Object.values(SALE_QUESTIONNAIRE).includes(docType) || docType === 'document_buyers');
}

/** How the shared questionnaires are named on screen, and their refusals. */
export const SHARED_QUESTIONNAIRE_LABELS: Record<SharedQuestionnaireRole, string> = {
  seller: 'Questionnaire commun aux vendeurs',
  buyer: 'Questionnaire commun aux acquéreurs',
};
export const SHARED_QUESTIONNAIRE_NOTICES: Record<SharedQuestionnaireRole, string> = {
  seller: 'Questionnaire commun aux vendeurs : chaque vendeur voit et complète les mêmes réponses, une seule fois pour le bien.',
  buyer: 'Questionnaire commun aux acquéreurs : chaque acquéreur voit et complète les mêmes réponses, une seule fois pour l’achat.',
};
export const SUPERSEDED_QUESTIONNAIRE_TEXT =
  "Remplacé par le questionnaire commun du rôle : ces réponses restent lisibles jusqu'à ce que l'office supprime ce document.";
/** Said wherever someone fills in the documents of a person who has no account yet (`canFillOnBehalfOf`). */
export function fillingOnBehalfText(personName: string): string {
  return `${personName} n'a pas encore de compte : vous remplissez ses documents pour son compte.`;
}
export const SHARED_QUESTIONNAIRE_MESSAGES = {
  alreadyThere: 'Ce dossier a déjà son questionnaire commun pour ce rôle : chaque personne du rôle le remplit.',
  otherKind: 'Ce questionnaire ne correspond pas à la nature de ce dossier.',
  ownerFixed: "Ce questionnaire est commun à toutes les personnes d'un rôle : il n'a pas de propriétaire à changer.",
  stillHeld: {
    seller: "Ce questionnaire est commun aux vendeurs du dossier : il ne peut pas être supprimé tant qu'un vendeur participe au dossier.",
    buyer:
      "Ce questionnaire est commun aux acquéreurs du dossier : il ne peut pas être supprimé tant qu'un acquéreur participe au dossier.",
  } satisfies Record<SharedQuestionnaireRole, string>,
} as const;

/** The role whose shared questionnaire `docType` is in this kind of file; null when it is a personal one. */
export function sharedRoleOfQuestionnaire(
  project: { type: ProjectType; subtype: ProjectSubtype },
  docType: QuestionnaireDocType,
): SharedQuestionnaireRole | null {
  return SHARED_QUESTIONNAIRE_ROLES.find((role) => sharedQuestionnaireFor(project, role) === docType) ?? null;
}

/**
 * The questionnaires that belong to a person added to a project in `role`
 * (spec 001, section 1): a civil status for every party, plus their role's
 * own questionnaire when it is not the file's shared one
 * (`sharedQuestionnaireFor`). Intermediaries and office members get none:
 * there is no civil status or sale answer of theirs to collect. A role
 * foreign to the project kind gets none.
 */
export function questionnairesFor(
  project: { type: ProjectType; subtype: ProjectSubtype },
  role: ParticipantRole,
  existing: ExistingQuestionnaires,
): QuestionnaireDocType[] {
  if (!rolesForProject(project.type, project.subtype).includes(role) || PROFESSIONAL_ROLES.includes(role)) return [];
  const own = sharedQuestionnaireFor(project, role) ? null : roleQuestionnaire(role, existing);
  return own ? ['document_civil_statuses', own] : ['document_civil_statuses'];
}

function roleQuestionnaire(role: ParticipantRole, existing: ExistingQuestionnaires): QuestionnaireDocType | null {
  switch (role) {
    // One succession questionnaire per settlement and one balance per wealth
    // review, both about the whole estate: the first heir or spouse, the first client.
    case 'heir':
    case 'spouse':
      return existing.hasSuccession ? null : 'document_successions';
    case 'client':
      return existing.hasBalance ? null : 'document_heritage_balances';
    default:
      return null;
  }
}
