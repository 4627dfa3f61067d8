import { describe, expect, it } from 'vitest';
import {
  createProjectSchema,
  PROJECT_SCHEMA_MESSAGES as M,
  projectIdSchema,
  projectOfficePatchSchema,
  projectStatusSchema,
  renameProjectSchema,
} from '../index';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

const creation = { name: '  Vente maison Dupont ', type: 'realty', subtype: 'house', role: 'seller' };

describe('project payloads', () => {
  it('trims the name and accepts a consistent type, subtype and role', () => {
    expect(createProjectSchema.parse(creation)).toEqual({ name: 'Vente maison Dupont', type: 'realty', subtype: 'house', role: 'seller' });
    expect(createProjectSchema.parse({ ...creation, type: 'succession', subtype: 'balance', role: 'client' }).subtype).toBe('balance');
  });

  it('asks for a name with the message of the spec', () => {
    expect(M.nameRequired).toBe('Merci de spécifier un nom pour votre dossier.');
    for (const name of ['', '    ', undefined])
      expect(messages(createProjectSchema.safeParse({ ...creation, name }))).toEqual([M.nameRequired]);
    expect(messages(renameProjectSchema.safeParse({ id: '3', name: ' ' }))).toEqual([M.nameRequired]);
  });

  it('refuses a name over 255 characters', () => {
    expect(messages(createProjectSchema.safeParse({ ...creation, name: 'a'.repeat(256) }))).toEqual([M.nameTooLong]);
    expect(createProjectSchema.safeParse({ ...creation, name: 'a'.repeat(255) }).success).toBe(true);
  });

  it('refuses an unknown type, subtype or role, and a subtype of the other type', () => {
    expect(messages(createProjectSchema.safeParse({ ...creation, type: 'boat' }))).toEqual([M.typeRequired]);
    expect(messages(createProjectSchema.safeParse({ ...creation, subtype: 'castle' }))).toEqual([M.subtypeRequired]);
    expect(messages(createProjectSchema.safeParse({ ...creation, role: 'creator' }))).toEqual([M.roleRequired]);
    const mismatch = createProjectSchema.safeParse({ ...creation, subtype: 'settlement' });
    expect(messages(mismatch)).toEqual([M.subtypeMismatch]);
    expect(mismatch.error?.issues[0]?.path).toEqual(['subtype']);
  });

  it('coerces the form-encoded id and status', () => {
    expect(renameProjectSchema.parse({ id: '12', name: 'Succession Martin' })).toEqual({ id: 12, name: 'Succession Martin' });
    expect(projectStatusSchema.parse({ id: '12', status: '3' })).toEqual({ id: 12, status: 3 });
    expect(projectOfficePatchSchema.parse({ office: '4' })).toEqual({ office: 4 });
    expect(projectIdSchema.parse({ id: '9' })).toEqual({ id: 9 });
  });

  it('keeps the status within 1-7', () => {
    for (const status of ['0', '8', '2.5', 'signé', '', undefined]) {
      expect(messages(projectStatusSchema.safeParse({ id: 1, status }))).toEqual([M.invalidStatus]);
    }
    for (const status of [1, 7]) expect(projectStatusSchema.safeParse({ id: 1, status }).success).toBe(true);
  });

  it('refuses ids that are not positive 32-bit integers', () => {
    for (const id of ['0', '-3', '1.5', 'abc', '', undefined, '2147483648']) {
      expect(messages(projectIdSchema.safeParse({ id }))).toEqual([M.invalidProjectId]);
    }
    expect(projectIdSchema.parse({ id: '2147483647' }).id).toBe(2147483647);
    for (const office of ['0', 'x', undefined])
      expect(messages(projectOfficePatchSchema.safeParse({ office }))).toEqual([M.officeRequired]);
  });
});
