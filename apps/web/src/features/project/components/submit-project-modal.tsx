import { Alert, List, ScrollArea, Stack, Text } from '@mantine/core';
import type { Project, Session } from '@notadoo/domain';
import { useProjectPieces } from '../../../api/get-project-pieces';
import { ConfirmModal } from '../../../components/confirm-modal';
import { missingBeforeSubmitOf } from '../lib/missing-before-submit';

interface SubmitProjectModalProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: () => void;
  loading: boolean;
  project: Project;
  viewer: Session | undefined;
}

/**
 * "Transmettre au Notaire": the last step of the client's part (spec section 2).
 * It lists what is still missing (issue 22: unanswered questions, pieces not
 * sent) and still lets the person send: the file may go "complété autant que possible".
 */
export function SubmitProjectModal({ opened, onClose, onConfirm, loading, project, viewer }: SubmitProjectModalProps) {
  const pieces = useProjectPieces(project.id, { enabled: opened });
  const missing = viewer && opened ? missingBeforeSubmitOf(project, viewer, pieces.data) : [];
  const questions = missing.flatMap((m) => m.questions);
  const missingPieces = missing.flatMap((m) => m.pieces);
  const incomplete = missing.filter((m) => !m.complete);

  return (
    <ConfirmModal
      opened={opened}
      onClose={onClose}
      onConfirm={onConfirm}
      title="Transmettre au Notaire"
      confirmLabel="Transmettre"
      loading={loading}
    >
      <Stack gap="md">
        <Text>
          Vous avez complété votre dossier autant que possible : merci ! En le transmettant, vous permettez à votre notaire d'en commencer
          la relecture ; il reviendra vers vous si des informations ou des documents complémentaires sont nécessaires.
        </Text>
        {incomplete.length > 0 && (
          <Alert color="orange" title="Il manque encore des éléments" role="region" aria-label="Éléments manquants">
            <Stack gap="xs">
              {incomplete.map((m, index) => (
                <Text key={index} size="sm">
                  {m.summary}
                </Text>
              ))}
              {/* Focusable, so that a keyboard user can scroll a long list too. */}
              <ScrollArea.Autosize
                mah={240}
                type="auto"
                viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Ce qui reste à compléter' }}
              >
                <Stack gap="xs">
                  {questions.length > 0 && (
                    <div>
                      <Text size="sm" fw={600}>
                        Questions sans réponse
                      </Text>
                      <List size="sm" aria-label="Questions sans réponse">
                        {questions.map((q) => (
                          <List.Item key={`${q.questionnaire}-${q.questionId}`}>
                            {q.questionnaireTitle} — {q.stepTitle} : {q.label}
                          </List.Item>
                        ))}
                      </List>
                    </div>
                  )}
                  {missingPieces.length > 0 && (
                    <div>
                      <Text size="sm" fw={600}>
                        Pièces à envoyer
                      </Text>
                      <List size="sm" aria-label="Pièces à envoyer">
                        {missingPieces.map((p) => (
                          <List.Item key={p.requestId}>
                            {p.label} ({p.stateLabel})
                          </List.Item>
                        ))}
                      </List>
                    </div>
                  )}
                </Stack>
              </ScrollArea.Autosize>
              <Text size="sm">Vous pouvez transmettre dès maintenant et compléter ensuite.</Text>
            </Stack>
          </Alert>
        )}
        {pieces.isError && (
          <Text size="sm" c="dimmed">
            La liste des pièces à envoyer n'a pas pu être chargée.
          </Text>
        )}
      </Stack>
    </ConfirmModal>
  );
}
