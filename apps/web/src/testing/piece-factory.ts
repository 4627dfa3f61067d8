import type { PieceRequestView, ProjectPieces } from '@notadoo/domain';

type Version = PieceRequestView['versions'][number];
type Review = PieceRequestView['reviews'][number];

/** A piece asked of Claire Martin (participant 100), not sent yet; tests override what they check. */
export function createPiece(overrides: Partial<PieceRequestView> = {}): PieceRequestView {
  return {
    id: 1,
    pieceId: 'identity_document',
    label: "Copie d'une pièce d'identité",
    origin: 'derived',
    participantId: 100,
    participantName: 'Claire Martin',
    state: 'requested',
    stateLabel: 'Demandée',
    noLongerRequired: false,
    reasonText: 'demandé car : Rôle dans le dossier = Vendeur',
    fileTypes: ['identity_card', 'passport'],
    updatedAt: '2026-11-20T10:00:00.000Z',
    versions: [],
    reviews: [],
    ...overrides,
  };
}

export function createVersion(overrides: Partial<Version> = {}): Version {
  return {
    id: 50,
    fileName: 'carte.pdf',
    documentId: 7,
    storedName: 'abcdefgh_carte.pdf',
    fileType: 'identity_card',
    fileTypeTitle: "Carte nationale d'identité",
    sentBy: { participantId: 100, userId: 1, name: 'Claire Martin' },
    sentAt: '2026-11-21T13:05:00.000Z',
    diagnostic: null,
    ...overrides,
  };
}

export function createReview(overrides: Partial<Review> = {}): Review {
  return {
    by: { participantId: null, userId: null, name: 'Jeanne Durand' },
    at: '2026-11-22T09:00:00.000Z',
    action: 'to_correct',
    reason: 'unreadable',
    text: 'La photo est floue.',
    ...overrides,
  };
}

export function createPieces(requests: PieceRequestView[], overrides: Partial<ProjectPieces> = {}): ProjectPieces {
  return { projectId: 10, signingDate: null, requests, diagnosticWarnings: [], ...overrides };
}
