import { isAwaitingPerson, type PieceRequestView } from '@notadoo/domain';

/** The `pieceRequestId` value that files an upload as a piece nobody asked for ("Autre document"). */
export const OTHER_PIECE = 'other';
export type PieceChoice = number | typeof OTHER_PIECE;

/**
 * The owner's requests a file of this drawer may answer: still awaited from
 * them (demandée, à corriger), not "plus requise", and taking the drawer's
 * file type (the server refuses another type).
 */
export function piecesForDrawer(requests: readonly PieceRequestView[], ownerId: number, docType: string): PieceRequestView[] {
  return requests.filter(
    (r) => r.participantId === ownerId && isAwaitingPerson(r.state) && !r.noLongerRequired && r.fileTypes.includes(docType),
  );
}

/** The request preselected when it is the only one the file may answer, else "Autre document". */
export function defaultPieceChoice(matching: readonly PieceRequestView[]): PieceChoice {
  return matching.length === 1 ? matching[0]!.id : OTHER_PIECE;
}
