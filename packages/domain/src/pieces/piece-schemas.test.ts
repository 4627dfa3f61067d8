import { describe, expect, it } from 'vitest';
import {
  batchAcceptSchema,
  diagnosticReportSchema,
  PIECE_SCHEMA_MESSAGES as M,
  pieceReviewSchema,
  projectPiecesSchema,
  signingDateSchema,
} from './piece-schemas';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('the review of a piece', () => {
  it('accepts each action with what it needs', () => {
    expect(pieceReviewSchema.parse({ action: 'accept' })).toEqual({ action: 'accept' });
    expect(pieceReviewSchema.parse({ action: 'to_correct', reason: 'unreadable', text: '  Page 2 floue. ' })).toEqual({
      action: 'to_correct',
      reason: 'unreadable',
      text: 'Page 2 floue.',
    });
    expect(pieceReviewSchema.parse({ action: 'to_correct', reason: 'expired', text: '' })).toEqual({
      action: 'to_correct',
      reason: 'expired',
    });
    expect(pieceReviewSchema.parse({ action: 'refuse', text: 'Ce document concerne un autre bien.' }).action).toBe('refuse');
    expect(pieceReviewSchema.parse({ action: 'waive' })).toEqual({ action: 'waive' });
    expect(pieceReviewSchema.parse({ action: 'unwaive' })).toEqual({ action: 'unwaive' });
  });

  it('refuses a correction without a reason from the list, a refusal without text, and a text over 500 characters', () => {
    expect(firstMessage(pieceReviewSchema.safeParse({ action: 'to_correct' }))).toBe(M.reasonRequired);
    expect(firstMessage(pieceReviewSchema.safeParse({ action: 'to_correct', reason: 'ugly' }))).toBe(M.reasonRequired);
    expect(firstMessage(pieceReviewSchema.safeParse({ action: 'refuse', text: '   ' }))).toBe(M.refusalTextRequired);
    expect(firstMessage(pieceReviewSchema.safeParse({ action: 'refuse' }))).toBe(M.refusalTextRequired);
    expect(firstMessage(pieceReviewSchema.safeParse({ action: 'to_correct', reason: 'incomplete', text: 'x'.repeat(501) }))).toBe(
      M.textTooLong,
    );
    expect(pieceReviewSchema.safeParse({ action: 'to_correct', reason: 'incomplete', text: 'x'.repeat(500) }).success).toBe(true);
    expect(firstMessage(pieceReviewSchema.safeParse({ action: 'refuse', text: 'ok\u202Eexe' }))).toBe(M.textInvisibleCharacters);
    expect(pieceReviewSchema.safeParse({ action: 'refuse', text: 'Ligne 1\nLigne 2' }).success).toBe(true);
    expect(firstMessage(pieceReviewSchema.safeParse({ action: 'delete' }))).toBe(M.invalidAction);
  });
});

describe('accepting several pieces', () => {
  it('takes 1 to 100 distinct ids, given as numbers or text', () => {
    expect(batchAcceptSchema.parse({ ids: [1, '2', 3] })).toEqual({ ids: [1, 2, 3] });
    expect(batchAcceptSchema.safeParse({ ids: Array.from({ length: 100 }, (_, i) => i + 1) }).success).toBe(true);
    expect(firstMessage(batchAcceptSchema.safeParse({ ids: Array.from({ length: 101 }, (_, i) => i + 1) }))).toBe(M.batchTooLarge);
    expect(firstMessage(batchAcceptSchema.safeParse({ ids: [] }))).toBe(M.batchEmpty);
    expect(firstMessage(batchAcceptSchema.safeParse({ ids: [4, 4] }))).toBe(M.batchDuplicates);
    expect(firstMessage(batchAcceptSchema.safeParse({ ids: [0] }))).toBe(M.invalidPieceId);
  });
});

describe('dates of reports and of the signing', () => {
  it('takes a real JJ/MM/AAAA day, kept as text', () => {
    expect(diagnosticReportSchema.parse({ kind: 'lead', reportDate: ' 29/02/2024', finding: 'not_found' })).toEqual({
      kind: 'lead',
      reportDate: '29/02/2024',
      finding: 'not_found',
    });
    expect(firstMessage(diagnosticReportSchema.safeParse({ kind: 'dpe', reportDate: '2024-03-15' }))).toBe(M.dateFormat);
    expect(firstMessage(diagnosticReportSchema.safeParse({ kind: 'dpe', reportDate: '30/02/2024' }))).toBe(M.dateDoesNotExist);
    expect(firstMessage(diagnosticReportSchema.safeParse({ kind: 'radon', reportDate: '01/02/2024' }))).toBe(M.invalidDiagnostic);
  });

  it('sets or clears the signing date', () => {
    expect(signingDateSchema.parse({ signingDate: '20/09/2024' })).toEqual({ signingDate: '20/09/2024' });
    expect(signingDateSchema.parse({ signingDate: '' })).toEqual({ signingDate: null });
    expect(signingDateSchema.parse({})).toEqual({ signingDate: null });
    expect(signingDateSchema.safeParse({ signingDate: '20/13/2024' }).success).toBe(false);
  });
});

describe('the read model of a file’s pieces', () => {
  it('describes requests with whose, why, versions, reviews and validity', () => {
    const view = {
      projectId: 7,
      signingDate: '20/09/2024',
      requests: [
        {
          id: 1,
          pieceId: 'technical_diagnostics',
          label: 'Dossier de diagnostic technique',
          origin: 'derived',
          participantId: 3,
          participantName: 'Claire Martin',
          state: 'to_correct',
          stateLabel: 'À corriger',
          noLongerRequired: false,
          reasonText: "demandé car : Questionnaire = Vente d'un appartement",
          fileTypes: ['dpe', 'termites_report'],
          updatedAt: '2024-09-02T08:00:00.000Z',
          versions: [
            {
              id: 11,
              fileName: 'termites.pdf',
              documentId: 7,
              storedName: 'abcdefgh_termites.pdf',
              fileType: 'termites_report',
              fileTypeTitle: 'État relatif à la présence de termites',
              sentBy: { participantId: 3, userId: 40, name: 'Claire Martin' },
              sentAt: '2024-09-01T08:00:00.000Z',
              diagnostic: {
                kind: 'termites',
                reportDate: '15/03/2024',
                finding: null,
                validity: { unlimited: false, validUntil: '14/09/2024' },
              },
            },
          ],
          reviews: [
            {
              by: { participantId: null, userId: 2, name: 'Étude Durand' },
              at: '2024-09-02T08:00:00.000Z',
              action: 'to_correct',
              reason: 'expired',
              text: null,
            },
          ],
        },
      ],
      diagnosticWarnings: [],
    };
    expect(projectPiecesSchema.parse(view)).toEqual(view);
  });
});
