import { Alert, Badge, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import {
  canRemindPieces,
  canReviewPieces,
  canSendPiece,
  canSetReportDate,
  canSetSigningDate,
  MESSAGES,
  type Participant,
  type PieceRequestView,
  type Project,
  type Viewer,
} from '@notadoo/domain';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProjectPieces } from '../../../api/get-project-pieces';
import { WithSession } from '../../../components/with-session';
import { notifySuccess } from '../../../lib/notify';
import { reportFailure } from '../../../lib/report-failure';
import { useAcceptPieces } from '../api/accept-pieces';
import { useRemindPieces } from '../api/remind-pieces';
import { useReviewPiece } from '../api/review-piece';
import { countOf, countText, owesPieces, remindedText } from '../lib/piece-display';
import { PieceCard } from './piece-card';
import { ReviewPieceModal, type ReviewKind } from './review-piece-modal';
import { SendPieceModal } from './send-piece-modal';
import { SigningDateForm } from './signing-date-form';

export const NO_PIECE_TEXT = "Aucune pièce n'est demandée pour l'instant : elles apparaissent au fil des réponses aux questionnaires.";

/** A link's piece that is no longer asked (withdrawn as the answers changed) or not the viewer's to see. */
export const PIECE_NOT_FOUND_TEXT = "La pièce indiquée par le lien n'est plus demandée ou ne vous est pas accessible.";

type Dialog = { kind: 'send'; request: PieceRequestView } | { kind: 'review'; review: ReviewKind; request: PieceRequestView };

/** The piece a correction mail points at: `?piece={requestId}`. */
function usePieceInAddress(): number | null {
  const [params] = useSearchParams();
  const id = Number(params.get('piece'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

const fullName = (p: Participant) => `${p.first_name} ${p.last_name}`.trim();

/**
 * The Pièces tab (issue 22): for each person the viewer may see, the pieces
 * asked of them, and what the viewer may do with each: send a file (the
 * person, a role mate, the office), review (the office and admins).
 */
export function PiecesTab({ project }: { project: Project }) {
  return <WithSession>{(session) => <PiecesView project={project} viewer={session} />}</WithSession>;
}

function PiecesView({ project, viewer }: { project: Project; viewer: Viewer }) {
  const pieces = useProjectPieces(project.id);
  const focusedId = usePieceInAddress();
  const acceptPieces = useAcceptPieces();
  const reviewPiece = useReviewPiece();
  const remindPieces = useRemindPieces();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const mayReview = canReviewPieces(viewer, project);
  const mayRemind = canRemindPieces(viewer, project);
  const close = () => setDialog(null);

  if (pieces.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Chargement des pièces" />
      </Center>
    );
  }
  if (!pieces.data) return <Text>Les pièces n'ont pas pu être affichées.</Text>;

  const { requests, signingDate, diagnosticWarnings } = pieces.data;
  const people = project.participants
    .map((participant) => ({ participant, requests: requests.filter((r) => r.participantId === participant.id) }))
    .filter((entry) => entry.requests.length > 0);
  // Only what can still be accepted counts in the selection (a piece may have moved since it was ticked).
  const acceptable = new Set(requests.filter((r) => r.state === 'received' || r.state === 'to_correct').map((r) => r.id));
  const chosen = [...selected].filter((id) => acceptable.has(id));

  const toggle = (id: number, on: boolean) =>
    setSelected((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const done = () => notifySuccess(MESSAGES.operationSucceeded);
  const acceptSelection = () =>
    acceptPieces.mutate(
      { projectId: project.id, ids: chosen },
      {
        onSuccess: () => {
          setSelected(new Set());
          done();
        },
        onError: (error) => reportFailure(error, [400, 404, 409]),
      },
    );
  // The server's 409 (nothing to remind, no address, file closed) and 429 (already reminded today) say why.
  const remind = (participantId?: number) =>
    remindPieces.mutate(
      { projectId: project.id, participantId },
      { onSuccess: (result) => notifySuccess(remindedText(result)), onError: (error) => reportFailure(error, [403, 404, 409, 429]) },
    );
  const reminding = (participantId?: number) => remindPieces.isPending && remindPieces.variables?.participantId === participantId;
  const anyoneOwes = people.some((entry) => owesPieces(entry.requests));
  const reviewNow = (request: PieceRequestView, action: 'accept' | 'unwaive') =>
    reviewPiece.mutate({ requestId: request.id, review: { action } }, { onSuccess: done, onError: (error) => reportFailure(error, [409]) });

  return (
    <Stack gap="xl">
      {mayReview && canSetSigningDate(viewer, project) ? (
        <SigningDateForm key={signingDate ?? ''} projectId={project.id} signingDate={signingDate} />
      ) : (
        signingDate && <Text>Signature prévue le {signingDate}.</Text>
      )}
      {diagnosticWarnings.length > 0 && (
        <Alert color="red" title="Diagnostics à refaire avant la signature">
          <Stack gap={4}>
            {diagnosticWarnings.map((warning) => (
              <Text key={warning.kind} size="sm">
                {warning.message}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {(mayReview || mayRemind) && people.length > 0 && (
        <Group justify="flex-end">
          {mayRemind && anyoneOwes && (
            <Button
              variant="default"
              leftSection={<IconBell size={16} aria-hidden />}
              loading={reminding(undefined)}
              onClick={() => remind()}
            >
              Relancer tout le monde
            </Button>
          )}
          {mayReview && (
            <Button
              leftSection={<IconChecks size={16} aria-hidden />}
              disabled={chosen.length === 0}
              loading={acceptPieces.isPending}
              onClick={acceptSelection}
            >
              {chosen.length > 0 ? `Accepter la sélection (${chosen.length})` : 'Accepter la sélection'}
            </Button>
          )}
        </Group>
      )}
      {focusedId !== null && !requests.some((r) => r.id === focusedId) && <Text c="dimmed">{PIECE_NOT_FOUND_TEXT}</Text>}
      {people.length === 0 && <Text c="dimmed">{NO_PIECE_TEXT}</Text>}
      {people.map(({ participant, requests: own }) => {
        const name = fullName(participant);
        const headingId = `pieces-person-${participant.id}`;
        const count = participant.pieces ?? countOf(own);
        return (
          <Stack key={participant.id} gap="sm" component="section" aria-labelledby={headingId}>
            <Group gap="sm">
              <Title order={3} size="h4" id={headingId}>
                {name}
              </Title>
              <Badge
                variant="light"
                color={count.received === count.total ? 'teal' : 'blue'}
                aria-label={`Pièces de ${name} : ${countText(count)}`}
              >
                {countText(count)}
              </Badge>
              {mayRemind && owesPieces(own) && (
                <Button
                  variant="subtle"
                  size="xs"
                  ml="auto"
                  leftSection={<IconBell size={14} aria-hidden />}
                  loading={reminding(participant.id)}
                  onClick={() => remind(participant.id)}
                >
                  Relancer {name}
                </Button>
              )}
            </Group>
            {own.map((request) => (
              <PieceCard
                key={request.id}
                project={project}
                request={request}
                focused={request.id === focusedId}
                maySend={canSendPiece(viewer, project, participant)}
                maySetReportDate={canSetReportDate(viewer, project, participant)}
                onSend={() => setDialog({ kind: 'send', request })}
                review={
                  mayReview
                    ? {
                        selected: selected.has(request.id),
                        onToggle: (on) => toggle(request.id, on),
                        onAccept: () => reviewNow(request, 'accept'),
                        onUnwaive: () => reviewNow(request, 'unwaive'),
                        onOpen: (kind) => setDialog({ kind: 'review', review: kind, request }),
                        busy: reviewPiece.isPending && reviewPiece.variables?.requestId === request.id,
                      }
                    : undefined
                }
              />
            ))}
          </Stack>
        );
      })}
      {dialog?.kind === 'send' && <SendPieceModal project={project} request={dialog.request} onClose={close} />}
      {dialog?.kind === 'review' && <ReviewPieceModal kind={dialog.review} request={dialog.request} onClose={close} />}
    </Stack>
  );
}
