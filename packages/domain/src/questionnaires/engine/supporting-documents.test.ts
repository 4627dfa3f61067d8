import { describe, expect, it } from 'vitest';
import { exampleDefinition } from './example-definition';
import { requiredSupportingDocuments } from './supporting-documents';

const ids = (answers: unknown) => requiredSupportingDocuments(exampleDefinition, answers).map((document) => document.id);

describe('supporting documents called for by the answers', () => {
  it('asks for an unconditional document of a visible question, once even if two questions list it', () => {
    expect(ids({})).toEqual(['id_card']);
  });

  it('asks for a conditional document only when its condition holds', () => {
    expect(ids({ company: 1 })).toEqual(['statutes', 'id_card']);
    expect(ids({ company: 0 })).toEqual(['id_card']);
    expect(ids({ company: '1' })).toEqual(['statutes', 'id_card']);
  });

  it('gives the documents with their French label', () => {
    expect(requiredSupportingDocuments(exampleDefinition, { company: 1 })[0]).toEqual({
      id: 'statutes',
      label: 'Statuts de la société',
      requiredWhen: { field: 'company', equals: 1 },
    });
  });
});
