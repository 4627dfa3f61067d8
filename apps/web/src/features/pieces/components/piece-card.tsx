import { Alert, Badge, Button, Checkbox, Group, List, Paper, Stack, Text } from '@mantine/core';
import { NO_LONGER_REQUIRED_LABEL, PIECE_ACTION_LABELS, transitionPiece, type PieceRequestView, type Project } from '@notadoo/domain';
import { IconFileUpload } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { lastReview, latestVersion, reviewText, STATE_COLOURS, validityText } from '../lib/piece-display';
import { PiecePreview } from './piece-preview';
import { ReportDateForm } from './report-date-form';
import type { ReviewKind } from './review-piece-modal';

export interface PieceCardProps {
  project: Project;
  request: PieceRequestView;
  /** Opened from a correction mail (`?piece=`): scrolled to, focused and outlined. */
  focused: boolean;
  /** The viewer may send a file for it (canSendPiece). */
  maySend: boolean;
  /** The viewer may date its diagnostic reports (canSetReportDate). */
  maySetReportDate: boolean;
  onSend: () => void;
  /** The office's review, absent for whoever may not review (canReviewPieces). */
  review?: {
    selected: boolean;
    onToggle: (selected: boolean) => void;
    onAccept: () => void;
    onOpen: (kind: ReviewKind) => void;
    onUnwaive: () => void;
    busy: boolean;
  };
}

const canOffice = (request: PieceRequestView, action: Parameters<typeof transitionPiece>[1]) =>
  transitionPiece(request.state, action, 'office').ok;
const canUpload = (request: PieceRequestView) => transitionPiece(request.state, 'upload', 'person').ok;

/** One piece asked of a person: its state, why, its files, the office's reviews, and what the viewer may do with it. */
export function PieceCard({ project, request, focused, maySend, maySetReportDate, onSend, review }: PieceCardProps) {
  const ref = useRef<HTMLElement>(null);
  const titleId = `piece-${request.id}-title`;
  useEffect(() => {
    if (!focused || !ref.current) return;
    ref.current.scrollIntoView?.({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [focused]);

  const correction = request.state === 'to_correct' ? lastReview(request, 'to_correct') : undefined;
  const refusal = request.state === 'refused' ? lastReview(request, 'refuse') : undefined;
  const latest = latestVersion(request);
  const sendLabel = request.versions.length > 0 ? 'Envoyer une nouvelle version' : 'Envoyer';

  let actions: ReactNode = null;
  if (review) {
    const label = `${request.label} de ${request.participantName}`;
    actions = (
      <Group gap="xs" wrap="wrap" role="group" aria-label={`Examen : ${label}`}>
        {canOffice(request, 'accept') && (
          <Button size="xs" color="teal.9" onClick={review.onAccept} loading={review.busy} aria-label={`Accepter : ${label}`}>
            Accepter
          </Button>
        )}
        {canOffice(request, 'to_correct') && (
          <Button size="xs" variant="light" color="orange" onClick={() => review.onOpen('to_correct')} aria-label={`À corriger : ${label}`}>
            À corriger
          </Button>
        )}
        {canOffice(request, 'refuse') && (
          <Button size="xs" variant="light" color="red" onClick={() => review.onOpen('refuse')} aria-label={`Refuser : ${label}`}>
            Refuser
          </Button>
        )}
        {canOffice(request, 'waive') && (
          <Button size="xs" variant="default" onClick={() => review.onOpen('waive')} aria-label={`Dispenser : ${label}`}>
            Dispenser
          </Button>
        )}
        {canOffice(request, 'unwaive') && (
          <Button
            size="xs"
            variant="default"
            onClick={review.onUnwaive}
            loading={review.busy}
            aria-label={`Annuler la dispense : ${label}`}
          >
            Annuler la dispense
          </Button>
        )}
      </Group>
    );
  }

  return (
    <Paper
      ref={ref}
      withBorder
      p="sm"
      radius="md"
      component="article"
      aria-labelledby={titleId}
      tabIndex={focused ? -1 : undefined}
      data-focused={focused || undefined}
      style={focused ? { borderColor: 'var(--mantine-color-blue-6)', boxShadow: '0 0 0 2px var(--mantine-color-blue-2)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Group gap="xs" wrap="nowrap" miw={0} align="flex-start">
            {review && canOffice(request, 'accept') && (
              <Checkbox
                mt={3}
                checked={review.selected}
                onChange={(event) => review.onToggle(event.currentTarget.checked)}
                aria-label={`Sélectionner : ${request.label} de ${request.participantName}`}
              />
            )}
            <Stack gap={2} miw={0}>
              <Text fw={600} id={titleId}>
                {request.label}
              </Text>
              {request.reasonText && (
                <Text size="sm" c="dimmed">
                  {request.reasonText}
                </Text>
              )}
            </Stack>
          </Group>
          <Group gap={6} wrap="nowrap">
            {request.noLongerRequired && (
              <Badge variant="outline" color="gray">
                {NO_LONGER_REQUIRED_LABEL}
              </Badge>
            )}
            <Badge color={STATE_COLOURS[request.state]} variant="light">
              {request.stateLabel}
            </Badge>
          </Group>
        </Group>

        {correction && (
          <Alert color="orange" p="xs" title="À corriger">
            {reviewText(correction) || "L'office demande une nouvelle version."}
          </Alert>
        )}
        {refusal && (
          <Alert color="red" p="xs" title="Refusée">
            {refusal.text}
          </Alert>
        )}

        {request.versions.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Fichiers envoyés
            </Text>
            <List spacing={6} listStyleType="none" aria-label={`Fichiers envoyés : ${request.label}`}>
              {request.versions.map((version) => (
                <List.Item key={version.id}>
                  <Stack gap={4}>
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {version.fileName} ({version.fileTypeTitle}) — envoyé par {version.sentBy.name} le {formatDateTime(version.sentAt)}
                    </Text>
                    {version.diagnostic && (
                      <>
                        <Text size="sm" c={version.diagnostic.validity ? undefined : 'dimmed'}>
                          {validityText(version.diagnostic)}
                        </Text>
                        {maySetReportDate && (
                          <ReportDateForm
                            versionId={version.id}
                            kind={version.diagnostic.kind}
                            initial={{ reportDate: version.diagnostic.reportDate ?? '', finding: version.diagnostic.finding }}
                          />
                        )}
                      </>
                    )}
                  </Stack>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}

        {request.reviews.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Examens de l'office
            </Text>
            <List spacing={4} listStyleType="none" size="sm">
              {request.reviews.map((entry, index) => (
                <List.Item key={index}>
                  {PIECE_ACTION_LABELS[entry.action]} par {entry.by.name} le {formatDateTime(entry.at)}
                  {reviewText(entry) ? ` : ${reviewText(entry)}` : ''}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}

        {request.answers && request.answers.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              Messages à propos de cette pièce
            </Text>
            <List spacing={4} listStyleType="none" size="sm">
              {request.answers.map((answer) => (
                <List.Item key={answer.messageId}>
                  <Text span size="sm" fw={500}>
                    {answer.authorName}
                  </Text>{' '}
                  <Text span size="xs" c="dimmed">
                    le {formatDateTime(answer.createdAt)}
                  </Text>{' '}
                  :{' '}
                  <Text
                    span
                    size="sm"
                    fs={answer.withdrawn ? 'italic' : undefined}
                    style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    {answer.text}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}

        {review && latest && <PiecePreview project={project} version={latest} />}

        <Group justify="space-between" gap="sm" wrap="wrap">
          {maySend && canUpload(request) ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFileUpload size={16} aria-hidden />}
              onClick={onSend}
              aria-label={`${sendLabel} : ${request.label}`}
            >
              {sendLabel}
            </Button>
          ) : (
            <span />
          )}
          {actions}
        </Group>
      </Stack>
    </Paper>
  );
}
