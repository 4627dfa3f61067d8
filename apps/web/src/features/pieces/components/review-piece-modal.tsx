import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import {
  CORRECTION_REASON_LABELS,
  CORRECTION_REASONS,
  MESSAGES,
  pieceReviewSchema,
  REVIEW_TEXT_MAX_LENGTH,
  type PieceRequestView,
} from '@notadoo/domain';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useReviewPiece } from '../api/review-piece';

export type ReviewKind = 'to_correct' | 'refuse' | 'waive';

const TITLES: Record<ReviewKind, string> = {
  to_correct: 'Demander une correction',
  refuse: 'Refuser la pièce',
  waive: 'Dispenser de la pièce',
};
const CONFIRM: Record<ReviewKind, string> = { to_correct: 'Envoyer la demande', refuse: 'Refuser', waive: 'Dispenser' };
const TEXT_LABELS: Record<ReviewKind, string> = {
  to_correct: 'Précisions pour la personne (facultatif)',
  refuse: 'Motif du refus',
  waive: 'Commentaire (facultatif)',
};

/**
 * The office's review of one piece that needs words: à corriger (a reason of
 * the short list, a text up to 500 characters), refuser (a text), dispenser.
 * The domain's schema checks it and gives the French messages; the person is
 * mailed the correction by the server.
 */
export function ReviewPieceModal({ kind, request, onClose }: { kind: ReviewKind; request: PieceRequestView; onClose: () => void }) {
  const review = useReviewPiece();
  const [reason, setReason] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; text?: string }>({});
  const busy = review.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = pieceReviewSchema.safeParse(
      kind === 'to_correct' ? { action: kind, reason: reason ?? undefined, text } : { action: kind, text },
    );
    if (!parsed.success) {
      const next: { reason?: string; text?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'reason' ? 'reason' : 'text';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    review.mutate(
      { requestId: request.id, review: parsed.data },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.operationSucceeded);
          onClose();
        },
        // 409: the piece moved meanwhile; the server's message says so.
        onError: (error) => reportFailure(error, [400, 409]),
      },
    );
  };

  return (
    <Modal opened onClose={busy ? () => {} : onClose} title={TITLES[kind]}>
      <form onSubmit={submit} noValidate aria-label={TITLES[kind]}>
        <Stack gap="md">
          <Text>
            {request.label} — {request.participantName}
          </Text>
          {kind === 'to_correct' && (
            <Radio.Group label="Motif" withAsterisk value={reason} onChange={setReason} error={errors.reason}>
              <Stack gap={6} mt={6}>
                {CORRECTION_REASONS.map((value) => (
                  <Radio key={value} value={value} label={CORRECTION_REASON_LABELS[value]} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          <Textarea
            label={TEXT_LABELS[kind]}
            withAsterisk={kind === 'refuse'}
            autosize
            minRows={3}
            maxLength={REVIEW_TEXT_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.text}
            description={`${text.length} / ${REVIEW_TEXT_MAX_LENGTH} caractères`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Annuler
            </Button>
            <Button type="submit" color={kind === 'refuse' ? 'red' : undefined} loading={busy}>
              {CONFIRM[kind]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
