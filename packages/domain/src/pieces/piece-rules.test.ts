import { describe, expect, it } from 'vitest';
import { FILE_TYPES } from '../documents/file-types';
import { conditionFields } from '../questionnaires/engine/conditions';
import { findField, listQuestions } from '../questionnaires/engine/definition-index';
import { QUESTIONNAIRE_DEFINITIONS } from '../questionnaires/registry';
import { findPieceKind, PIECE_KINDS, PIECE_RULES, ROLE_PIECE_RULES, SUPPORTING_DOCUMENT_FILE_TYPES } from './piece-rules';

const everyAttachedDocument = Object.entries(QUESTIONNAIRE_DEFINITIONS).flatMap(([docType, definition]) =>
  listQuestions(definition).flatMap((question) => (question.documents ?? []).map((document) => ({ docType, question, document }))),
);

describe('the pieces rules table', () => {
  it('has a row for every supporting document of the seven questionnaires, triggered by its question and condition', () => {
    expect(everyAttachedDocument.length).toBeGreaterThan(50);
    for (const { docType, question, document } of everyAttachedDocument) {
      const row = PIECE_RULES.find(
        (rule) =>
          rule.pieceId === document.id &&
          rule.trigger.kind === 'answer' &&
          rule.trigger.questionnaire === docType &&
          rule.trigger.questionId === question.id,
      );
      expect(row, `${docType} ${question.id} ${document.id}`).toBeDefined();
      expect(row?.trigger.kind === 'answer' && row.trigger.when).toEqual(document.requiredWhen ?? undefined);
    }
  });

  it('files every supporting document in known file-type drawers (no id forgotten in the map)', () => {
    for (const { document } of everyAttachedDocument) {
      const fileTypes = SUPPORTING_DOCUMENT_FILE_TYPES[document.id];
      expect(fileTypes, document.id).toBeDefined();
      for (const fileType of fileTypes ?? []) expect(Object.hasOwn(FILE_TYPES, fileType), fileType).toBe(true);
    }
  });

  it('keeps no stale id in the file-type map', () => {
    const attached = new Set(everyAttachedDocument.map(({ document }) => document.id));
    for (const id of Object.keys(SUPPORTING_DOCUMENT_FILE_TYPES)) expect(attached.has(id), id).toBe(true);
  });

  it('triggers each answer row on fields of its own questionnaire, and each row on a known piece', () => {
    for (const rule of PIECE_RULES) {
      expect(PIECE_KINDS.has(rule.pieceId), rule.pieceId).toBe(true);
      if (rule.trigger.kind !== 'answer') continue;
      const definition = QUESTIONNAIRE_DEFINITIONS[rule.trigger.questionnaire];
      for (const field of conditionFields(rule.trigger.when)) expect(findField(definition, field), field).toBeDefined();
    }
  });

  it('asks the basics of each role: identity of every party, the title of a seller, the death certificate of a settlement', () => {
    const basics = ROLE_PIECE_RULES.map((rule) => rule.pieceId);
    expect(basics).toEqual(expect.arrayContaining(['identity_document', 'property_title', 'death_certificate']));
    const identity = ROLE_PIECE_RULES.find((rule) => rule.pieceId === 'identity_document');
    expect(identity?.trigger).toMatchObject({ kind: 'role', concerns: 'each', roles: ['seller', 'buyer', 'heir', 'spouse', 'client'] });
    for (const rule of ROLE_PIECE_RULES) {
      expect(rule.trigger.kind === 'role' && rule.trigger.roles).not.toContain('office');
      expect(rule.trigger.kind === 'role' && rule.trigger.roles).not.toContain('intermediary');
    }
  });

  it('uses the definitions’ own French label for a piece a question also asks', () => {
    expect(findPieceKind('marriage_contract').label).toBe('Copie de votre contrat de mariage, si vous en avez signé un');
    expect(findPieceKind('property_title').fileTypes[0]).toBe('property_title');
  });

  it('reads an unknown piece id as "Autre document"', () => {
    expect(findPieceKind('no_such_piece')).toEqual({ id: 'no_such_piece', label: 'Autre document', fileTypes: ['other'] });
  });
});
