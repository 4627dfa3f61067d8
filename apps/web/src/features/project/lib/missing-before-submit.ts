import {
  listMissingBeforeSubmit,
  QUESTIONNAIRE_DOC_TYPES,
  type MissingBeforeSubmit,
  type PieceQuestionnaire,
  type ProjectPieces,
  type Project,
  type Session,
} from '@notadoo/domain';

/** The questionnaires of the file with their answers, as the wire project carries them. */
function questionnairesOf(project: Project): PieceQuestionnaire[] {
  return project.documents.flatMap((document) =>
    QUESTIONNAIRE_DOC_TYPES.flatMap((docType) =>
      (document[docType] ?? []).map((item) => ({ docType, participantId: document.participant?.id ?? null, answers: item })),
    ),
  );
}

/**
 * What the viewer still has to do before "Transmettre au Notaire", for each
 * of their participations in the file (the domain's `listMissingBeforeSubmit`):
 * their unanswered questions and their pieces not sent. The pieces are left
 * out while they are not loaded.
 */
export function missingBeforeSubmitOf(project: Project, viewer: Session, pieces: ProjectPieces | undefined): MissingBeforeSubmit[] {
  const questionnaires = questionnairesOf(project);
  return project.participants
    .filter((participant) => participant.user?.id === viewer.id)
    .map((participant) => listMissingBeforeSubmit({ participantId: participant.id, questionnaires, requests: pieces?.requests ?? [] }));
}
