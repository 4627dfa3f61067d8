import { describe, expect, it } from 'vitest';
import { imageKey, keySegments, projectFileKey, questionnairePdfKey, type StorageKey } from './storage-keys';

describe('storage keys', () => {
  it('lay files out as on disk today', () => {
    expect(projectFileKey(12, 'abcdefgh_Acte de vente.pdf')).toBe('files/projects/12/abcdefgh_Acte de vente.pdf');
    expect(questionnairePdfKey('questionnaire-3-v14.pdf')).toBe('files/pdf/questionnaire-3-v14.pdf');
    expect(imageKey('covers', '0123456789abcdef01234567.png')).toBe('uploads/covers/0123456789abcdef01234567.png');
    expect(imageKey('avatars', '0123456789abcdef01234567.webp')).toBe('uploads/avatars/0123456789abcdef01234567.webp');
  });

  it('refuse a project file name that is a path or a dot folder (400)', () => {
    for (const name of ['../x.pdf', 'a/b.pdf', 'a\\b.pdf', '..', '.', '', 'nul\u0000.pdf', 'é'.repeat(200)]) {
      expect(() => projectFileKey(1, name), JSON.stringify(name)).toThrow('Le nom du fichier est invalide.');
    }
    expect(() => projectFileKey(0, 'abcdefgh_a.pdf')).toThrow();
  });

  it('give no key for an image or PDF name the server did not generate', () => {
    for (const name of ['../jwt-secret', 'photo.png', '0123456789abcdef01234567.png/..', null, undefined]) {
      expect(imageKey('covers', name)).toBeUndefined();
      expect(questionnairePdfKey(name)).toBeUndefined();
    }
    expect(questionnairePdfKey('questionnaire-1-v1.pdf.exe')).toBeUndefined();
  });

  it('refuse, in the drivers, a forged key with an empty or dot segment', () => {
    expect(keySegments('files/pdf/a.pdf' as StorageKey)).toEqual(['files', 'pdf', 'a.pdf']);
    for (const forged of ['a', 'a//b', 'a/../b', '/a/b', 'a/./b']) expect(() => keySegments(forged as StorageKey), forged).toThrow();
  });
});
