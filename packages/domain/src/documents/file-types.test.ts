import { describe, expect, it } from 'vitest';
import { displayFileName, FILE_TYPES, fileTypeTitle } from './file-types';

describe('file type catalogue', () => {
  it('holds about a hundred types, each with a distinct French title', () => {
    const titles = Object.values(FILE_TYPES);
    expect(titles.length).toBeGreaterThanOrEqual(100);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('names the types the spec cites, and "Type de fichier non défini" for an unknown one', () => {
    expect(fileTypeTitle('identity_card')).toBe("Carte nationale d'identité");
    expect(fileTypeTitle('syndic_statement')).toBe('État daté du syndic');
    expect(fileTypeTitle('property_title')).toBe('Titre de propriété');
    expect(fileTypeTitle('will')).toBe('Testament');
    expect(fileTypeTitle('family_booklet')).toBe('Livret de famille');
    expect(fileTypeTitle('inconnu')).toBe('Type de fichier non défini');
    expect(fileTypeTitle('toString')).toBe('Type de fichier non défini');
  });

  it('hides the 9-character prefix of stored names', () => {
    expect(displayFileName('a1b2c3d4_carte identité.pdf')).toBe('carte identité.pdf');
  });
});
