import {
  CORRECTION_REASON_LABELS,
  countPersonPieces,
  DIAGNOSTIC_FINDING_LABELS,
  isAwaitingPerson,
  type PersonPieceCount,
  type PieceRequestView,
  type PieceState,
  type RemindNowResult,
} from '@notadoo/domain';

type PieceVersionView = PieceRequestView['versions'][number];
type PieceReviewView = PieceRequestView['reviews'][number];
export type { PieceReviewView, PieceVersionView };

export const STATE_COLOURS: Record<PieceState, string> = {
  requested: 'gray',
  received: 'blue',
  accepted: 'teal',
  to_correct: 'orange',
  refused: 'red',
  waived: 'grape',
};

/** "3 / 7 reçues", from the requests shown (the person card has the server's own count). */
export function countOf(requests: readonly PieceRequestView[]): PersonPieceCount {
  return countPersonPieces(requests.map((r) => ({ state: r.state, origin: r.origin, noLongerRequired: r.noLongerRequired, count: 1 })));
}

export function countText({ received, total }: PersonPieceCount): string {
  return `${received} / ${total} ${received > 1 ? 'reçues' : 'reçue'}`;
}

/** The latest file sent for the piece. */
export function latestVersion(request: PieceRequestView): PieceVersionView | undefined {
  return request.versions.reduce<PieceVersionView | undefined>(
    (latest, v) => (!latest || v.sentAt >= latest.sentAt ? v : latest),
    undefined,
  );
}

/** The office's last word of one kind on the piece (why it is to correct, why refused). */
export function lastReview(request: PieceRequestView, action: PieceReviewView['action']): PieceReviewView | undefined {
  return request.reviews.filter((r) => r.action === action).at(-1);
}

/** "Illisible : la photo est floue." */
export function reviewText(review: PieceReviewView): string {
  const reason = review.reason ? CORRECTION_REASON_LABELS[review.reason] : null;
  return [reason, review.text].filter(Boolean).join(' — ');
}

export function isPdf(fileName: string): boolean {
  return /\.pdf$/i.test(fileName);
}

/** "Rapport du 15/03/2026 (Absence constatée), valable jusqu'au 14/09/2026." */
export function validityText(diagnostic: NonNullable<PieceVersionView['diagnostic']>): string {
  if (!diagnostic.reportDate || !diagnostic.validity) return 'Date du rapport à indiquer.';
  const finding = diagnostic.finding ? ` (${DIAGNOSTIC_FINDING_LABELS[diagnostic.finding]})` : '';
  const until = diagnostic.validity.unlimited ? 'sans limite de validité' : `valable jusqu'au ${diagnostic.validity.validUntil}`;
  return `Rapport du ${diagnostic.reportDate}${finding}, ${until}.`;
}

/** The toast after a reminder: "Relance envoyée." for one person, else how many left and who had one today already. */
export function remindedText({ sent, alreadyRemindedToday }: RemindNowResult): string {
  if (sent.length === 1 && alreadyRemindedToday.length === 0) return 'Relance envoyée.';
  const plural = sent.length > 1 ? 's' : '';
  const already =
    alreadyRemindedToday.length === 0
      ? ''
      : ` Déjà relancé${alreadyRemindedToday.length > 1 ? 's' : ''} aujourd'hui : ${alreadyRemindedToday.map((p) => p.name).join(', ')}.`;
  return `${sent.length} relance${plural} envoyée${plural}.${already}`;
}

/** Whether the person still owes a piece: what a reminder would be about. */
export function owesPieces(requests: readonly PieceRequestView[]): boolean {
  return requests.some((r) => isAwaitingPerson(r.state) && !r.noLongerRequired);
}
