import { fileTypeTitle, type FileTypeCode } from '../documents/file-types';
import {
  PARTICIPANT_ROLE_LABELS,
  PROJECT_SUBTYPE_LABELS,
  type ParticipantRole,
  type ProjectSubtype,
  type ProjectType,
} from '../projects/project';
import type { QuestionnaireDocType } from '../projects/participant-documents';
import { clean } from '../questionnaires/engine/clean';
import { conditionFields, evaluateCondition } from '../questionnaires/engine/conditions';
import type { QuestionnaireDefinition } from '../questionnaires/engine/definition';
import { indexDefinition } from '../questionnaires/engine/definition-index';
import { describeAnswer, type Answers } from '../questionnaires/engine/kinds';
import { requiredSupportingDocuments } from '../questionnaires/engine/supporting-documents';
import { isQuestionVisible } from '../questionnaires/engine/visibility';
import { QUESTIONNAIRE_DEFINITIONS } from '../questionnaires/registry';
import { findPieceKind, OTHER_PIECE_KIND, PIECE_RULES, type PieceKind, type PieceRule, type PieceTrigger } from './piece-rules';
import type { PieceRequestOrigin, PieceState } from './piece-states';

/** One person of the file, as the derivation needs them. */
export interface PieceParticipant {
  id: number;
  role: ParticipantRole;
}

/** A questionnaire of the file with its answers as stored; it belongs to a participant (or, unassigned, to none). */
export interface PieceQuestionnaire {
  docType: QuestionnaireDocType;
  participantId: number | null;
  answers: unknown;
  /** A copy replaced by the file's shared questionnaire: read by the office, it asks for nothing. */
  superseded?: boolean;
}

export interface PieceDerivationInput {
  project: { type: ProjectType; subtype: ProjectSubtype };
  participants: readonly PieceParticipant[];
  questionnaires: readonly PieceQuestionnaire[];
}

/** "question = answer", one condition a request rests on, in French. */
export interface PieceReasonPart {
  question: string;
  answer: string;
}

export interface PieceReason {
  trigger: PieceTrigger;
  because: readonly PieceReasonPart[];
}

/** A piece the answers and roles call for, asked of one participant. */
export interface DerivedPieceRequest {
  /** `participantId:pieceId`: what a stored request is matched on. */
  key: string;
  participantId: number;
  pieceId: string;
  label: string;
  fileTypes: PieceKind['fileTypes'];
  reasons: readonly PieceReason[];
  /** "demandé car : Copropriété = Oui ; ..." */
  reasonText: string;
}

export const PIECE_REASON_PREFIX = 'demandé car : ';
const ROLE_QUESTION = 'Rôle dans le dossier';
const SUBTYPE_QUESTION = 'Nature du dossier';
const QUESTIONNAIRE_QUESTION = 'Questionnaire';
const NO_ANSWER = 'Sans réponse';

export function pieceRequestKey(participantId: number, pieceId: string): string {
  return `${participantId}:${pieceId}`;
}

/**
 * Whose a questionnaire's pieces are when it has no (known) owner: the first
 * participant of the role that fills that kind in. A civil status is personal:
 * without its owner, its pieces are asked of no one.
 */
const QUESTIONNAIRE_ROLES: Record<QuestionnaireDocType, readonly ParticipantRole[]> = {
  document_civil_statuses: [],
  document_sale_appts: ['seller'],
  document_sale_houses: ['seller'],
  document_sale_lands: ['seller'],
  document_buyers: ['buyer'],
  document_successions: ['heir', 'spouse'],
  document_heritage_balances: ['client'],
};

/**
 * Every piece the file asks for, of whom and why: the supporting documents
 * the answers call for (the questionnaires' own `requiredSupportingDocuments`),
 * plus the basics of each role. One request per person and piece, however
 * many reasons; in the order of the participants, then of the rules table.
 */
export function derivePieceRequests(input: PieceDerivationInput): DerivedPieceRequest[] {
  const participantIds = new Set(input.participants.map((p) => p.id));
  const collected = new Map<string, { participantId: number; pieceId: string; reasons: PieceReason[]; firstRule: number }>();
  const add = (participantId: number, rule: PieceRule, because: PieceReasonPart[]) => {
    const key = pieceRequestKey(participantId, rule.pieceId);
    const ruleIndex = PIECE_RULES.indexOf(rule);
    const entry = collected.get(key) ?? { participantId, pieceId: rule.pieceId, reasons: [], firstRule: ruleIndex };
    entry.reasons.push({ trigger: rule.trigger, because });
    entry.firstRule = Math.min(entry.firstRule, ruleIndex);
    collected.set(key, entry);
  };

  for (const questionnaire of input.questionnaires) {
    if (questionnaire.superseded) continue;
    const ownerId = questionnaireOwner(questionnaire, input.participants, participantIds);
    if (ownerId === undefined) continue;
    for (const { rule, because } of piecesCalledForBy(questionnaire.docType, questionnaire.answers)) add(ownerId, rule, because);
  }

  for (const rule of PIECE_RULES) {
    const trigger = rule.trigger;
    if (trigger.kind !== 'role' || !trigger.subtypes.includes(input.project.subtype)) continue;
    const concerned = input.participants.filter((p) => trigger.roles.includes(p.role));
    const asked = trigger.concerns === 'each' || concerned.length === 0 ? concerned : [pickOne(concerned, input.questionnaires)];
    for (const person of asked) add(person.id, rule, describeRoleTrigger(person.role, trigger.subtypes, input.project.subtype));
  }

  const order = new Map(input.participants.map((p, index) => [p.id, index]));
  return [...collected.entries()]
    .sort(([, a], [, b]) => (order.get(a.participantId) ?? 0) - (order.get(b.participantId) ?? 0) || a.firstRule - b.firstRule)
    .map(([key, entry]) => {
      const kind = findPieceKind(entry.pieceId);
      return {
        key,
        participantId: entry.participantId,
        pieceId: entry.pieceId,
        label: kind.label,
        fileTypes: kind.fileTypes,
        reasons: entry.reasons,
        reasonText: formatPieceReasons(entry.reasons),
      };
    });
}

/** The pieces one questionnaire's answers call for and why, whoever it belongs to. */
function piecesCalledForBy(docType: QuestionnaireDocType, answers: unknown): Array<{ rule: PieceRule; because: PieceReasonPart[] }> {
  const definition = QUESTIONNAIRE_DEFINITIONS[docType];
  const cleaned = clean(definition, answers);
  const required = new Set(requiredSupportingDocuments(definition, cleaned).map((document) => document.id));
  const called: Array<{ rule: PieceRule; because: PieceReasonPart[] }> = [];
  for (const rule of PIECE_RULES) {
    const trigger = rule.trigger;
    if (trigger.kind !== 'answer' || trigger.questionnaire !== docType || !required.has(rule.pieceId)) continue;
    // Every question that calls for the piece is a reason; the decision itself is the engine's.
    if (!isQuestionVisible(definition, cleaned, trigger.questionId) || !evaluateCondition(trigger.when, cleaned)) continue;
    called.push({ rule, because: describeAnswerTrigger(definition, trigger, cleaned) });
  }
  return called;
}

/**
 * The fields whose answers can change the pieces a questionnaire asks for:
 * those the visibility of its questions and fields reads, those its
 * documents' conditions read, and those a piece rule's trigger reads. Any
 * other answer is dropped or kept by `clean` according to these alone and is
 * read by no rule: changing it asks for the same pieces. Computed once per
 * questionnaire from its definition (static data).
 */
const fieldsDecidingPieces = new Map<QuestionnaireDocType, ReadonlySet<string>>();

function decidingFieldsOf(docType: QuestionnaireDocType): ReadonlySet<string> {
  const known = fieldsDecidingPieces.get(docType);
  if (known) return known;
  const { fields, questions } = indexDefinition(QUESTIONNAIRE_DEFINITIONS[docType]);
  const conditions = [
    ...questions.flatMap(({ question }) => [question.visibleWhen, ...(question.documents ?? []).map((document) => document.requiredWhen)]),
    ...fields.map(({ field }) => field.visibleWhen),
    ...PIECE_RULES.flatMap((rule) => (rule.trigger.kind === 'answer' && rule.trigger.questionnaire === docType ? [rule.trigger.when] : [])),
  ];
  const deciding = new Set(conditions.flatMap(conditionFields));
  fieldsDecidingPieces.set(docType, deciding);
  return deciding;
}

/**
 * Whether replacing a questionnaire's answers `before` by `after` leaves the
 * file's piece requests as they are. The derivation reads answers only
 * through `piecesCalledForBy` (which person is asked depends on who owns
 * the questionnaire, not on what it says), so equal pieces and reasons on
 * both sides mean an equal derivation: most saves change no piece at all,
 * and then need not derive the file again. Most saves change no answer a
 * piece rests on either: that is seen first, without deriving anything.
 */
export function asksForTheSamePieces(docType: QuestionnaireDocType, before: unknown, after: unknown): boolean {
  const answerOf = (answers: unknown, field: string) =>
    typeof answers === 'object' && answers !== null && Object.hasOwn(answers, field)
      ? JSON.stringify((answers as Record<string, unknown>)[field])
      : undefined;
  const deciding = decidingFieldsOf(docType);
  if ([...deciding].every((field) => answerOf(before, field) === answerOf(after, field))) return true;
  const signature = (answers: unknown) =>
    JSON.stringify(piecesCalledForBy(docType, answers).map(({ rule, because }) => [PIECE_RULES.indexOf(rule), because]));
  return signature(before) === signature(after);
}

/** "demandé car : A = B ; C = D", each part once. */
export function formatPieceReasons(reasons: readonly PieceReason[]): string {
  const parts = [...new Set(reasons.flatMap((reason) => reason.because.map((part) => `${part.question} = ${part.answer}`)))];
  return PIECE_REASON_PREFIX + parts.join(' ; ');
}

function questionnaireOwner(
  questionnaire: PieceQuestionnaire,
  participants: readonly PieceParticipant[],
  participantIds: ReadonlySet<number>,
): number | undefined {
  if (questionnaire.participantId !== null && participantIds.has(questionnaire.participantId)) return questionnaire.participantId;
  const roles = QUESTIONNAIRE_ROLES[questionnaire.docType];
  return participants.find((p) => roles.includes(p.role))?.id;
}

/** For a piece asked once per file: the participant who fills in their role's questionnaire, else the first of the role. */
function pickOne(concerned: readonly PieceParticipant[], questionnaires: readonly PieceQuestionnaire[]): PieceParticipant {
  const owner = concerned.find((person) =>
    questionnaires.some((q) => q.participantId === person.id && QUESTIONNAIRE_ROLES[q.docType].includes(person.role)),
  );
  return owner ?? (concerned[0] as PieceParticipant);
}

function describeAnswerTrigger(
  definition: QuestionnaireDefinition,
  trigger: Extract<PieceTrigger, { kind: 'answer' }>,
  cleaned: Answers,
): PieceReasonPart[] {
  const names = [...new Set(conditionFields(trigger.when))];
  if (names.length === 0) return [{ question: QUESTIONNAIRE_QUESTION, answer: definition.title }];
  const fields = indexDefinition(definition).fieldsByName;
  return names.map((name) => {
    const entry = fields.get(name);
    if (!entry) return { question: name, answer: String(cleaned[name] ?? NO_ANSWER) };
    const answer = describeAnswer(entry.field.kind, cleaned[name]);
    return { question: withoutQuestionMark(entry.field.label ?? entry.question.label), answer: answer === '' ? NO_ANSWER : answer };
  });
}

function describeRoleTrigger(role: ParticipantRole, subtypes: readonly ProjectSubtype[], subtype: ProjectSubtype): PieceReasonPart[] {
  const parts = [{ question: ROLE_QUESTION, answer: PARTICIPANT_ROLE_LABELS[role] }];
  // The nature of the file is a reason only when the row is limited to some natures.
  const everyNature = Object.keys(PROJECT_SUBTYPE_LABELS).every((s) => subtypes.includes(s as ProjectSubtype));
  if (!everyNature) parts.push({ question: SUBTYPE_QUESTION, answer: PROJECT_SUBTYPE_LABELS[subtype] });
  return parts;
}

/** "Le terrain a-t-il été borné ?" reads "Le terrain a-t-il été borné = Oui" in a reason. */
function withoutQuestionMark(label: string): string {
  return label.replace(/\s*\?\s*$/u, '');
}

/** A piece sent without a request, to store as it arrives. */
export interface UnrequestedPiece {
  participantId: number;
  pieceId: string;
  label: string;
  origin: 'unrequested';
  state: 'received';
  fileTypes: PieceKind['fileTypes'];
}

/**
 * The "Autre document" request a piece sent unasked is filed under, received
 * at once so the office reviews it like any other; named after its file type
 * when the sender chose one.
 */
export function createUnrequestedPiece(participantId: number, fileType: FileTypeCode = 'other'): UnrequestedPiece {
  const label = fileType === 'other' ? OTHER_PIECE_KIND.label : `${OTHER_PIECE_KIND.label} : ${fileTypeTitle(fileType)}`;
  return { participantId, pieceId: OTHER_PIECE_KIND.id, label, origin: 'unrequested', state: 'received', fileTypes: [fileType] };
}

// ---------------------------------------------------------------- reconcile

/** A request as stored, with its state. */
export interface StoredPieceRequest {
  id: number;
  key: string;
  origin: PieceRequestOrigin;
  state: PieceState;
  noLongerRequired: boolean;
}

export interface PieceReconciliation<S extends StoredPieceRequest = StoredPieceRequest> {
  /** Newly called for: to store as 'requested'. */
  create: DerivedPieceRequest[];
  /** No longer called for and nothing sent (demandée or dispensée): to withdraw. */
  withdraw: S[];
  /** No longer called for but a file was sent: kept, marked "plus requise". */
  markNoLongerRequired: S[];
  /** Marked "plus requise" earlier and called for again. */
  markRequiredAgain: Array<{ stored: S; derived: DerivedPieceRequest }>;
  /** Still called for (its reasons may have changed). */
  keep: Array<{ stored: S; derived: DerivedPieceRequest }>;
}

/** States in which nothing was ever sent: such a request may simply go. */
const NOTHING_SENT: readonly PieceState[] = ['requested', 'waived'];

/**
 * What to change in the stored requests after an answer or a participant
 * changed. Only derived requests are reconciled: those the office added and
 * the pieces sent unasked stay as they are.
 */
export function reconcilePieceRequests<S extends StoredPieceRequest>(
  stored: readonly S[],
  derived: readonly DerivedPieceRequest[],
): PieceReconciliation<S> {
  const result: PieceReconciliation<S> = { create: [], withdraw: [], markNoLongerRequired: [], markRequiredAgain: [], keep: [] };
  const storedByKey = new Map<string, S>();
  for (const request of stored) if (request.origin === 'derived' && !storedByKey.has(request.key)) storedByKey.set(request.key, request);
  const derivedKeys = new Set(derived.map((request) => request.key));

  for (const request of derived) {
    const existing = storedByKey.get(request.key);
    if (!existing) result.create.push(request);
    else if (existing.noLongerRequired) result.markRequiredAgain.push({ stored: existing, derived: request });
    else result.keep.push({ stored: existing, derived: request });
  }
  for (const existing of storedByKey.values()) {
    if (derivedKeys.has(existing.key)) continue;
    if (NOTHING_SENT.includes(existing.state)) result.withdraw.push(existing);
    else if (!existing.noLongerRequired) result.markNoLongerRequired.push(existing);
  }
  return result;
}
