import {
  listMissingBeforeSubmit,
  QUESTIONNAIRE_DOC_TYPES,
  questionnaireOwners,
  type MissingBeforeSubmit,
  type Participant,
  type PieceQuestionnaire,
  type ProjectPieces,
  type Project,
  type Session,
} from '@notadoo/domain';

/**
 * The questionnaires of the file with their answers, as the wire project
 * carries them, seen from one participation: a role's shared questionnaire
 * counts as theirs when they share it (the domain's `questionnaireOwners`); a superseded copy is no longer to be filled in.
 */
function questionnairesOf(project: Project, participant: Participant): PieceQuestionnaire[] {
  return project.documents
    .filter((document) => !document.superseded)
    .flatMap((document) => {
      const participantId = questionnaireOwners(project, document).some((owner) => owner.id === participant.id)
        ? participant.id
        : (document.participant?.id ?? null);
      return QUESTIONNAIRE_DOC_TYPES.flatMap((docType) =>
        (document[docType] ?? []).map((item) => ({ docType, participantId, answers: item })),
      );
    });
}

/**
 * What the viewer still has to do before "Transmettre au Notaire", for each
 * of their participations in the file (the domain's `listMissingBeforeSubmit`):
 * their unanswered questions and their pieces not sent. The pieces are left
 * out while they are not loaded.
 */
export function missingBeforeSubmitOf(project: Project, viewer: Session, pieces: ProjectPieces | undefined): MissingBeforeSubmit[] {
  return project.participants
    .filter((participant) => participant.user?.id === viewer.id)
    .map((participant) =>
      listMissingBeforeSubmit({
        participantId: participant.id,
        questionnaires: questionnairesOf(project, participant),
        requests: pieces?.requests ?? [],
      }),
    );
}
