import { civilStatusDefinition, fullyAnsweredSample, saleHouseDefinition } from '@notadoo/domain';
import { describe, expect, it } from 'vitest';
import { renderQuestionnairePdf } from './questionnaire-pdf';
import { pdfTextContent, readPdfLines } from './testing/pdf-text';

const generatedAt = new Date('2026-11-24T10:00:00Z');

describe('questionnaire PDF', () => {
  it('prints every name as typed, whatever its alphabet, with the font embedded', async () => {
    const pdf = await renderQuestionnairePdf({
      definition: civilStatusDefinition,
      answers: { last_name: 'Żółć', first_name: 'Łukasz', birth_place: 'Hà Nội', nationality: 'Ødegård Šimůnek' },
      projectName: 'Succession Nguyễn Văn Anh',
      personName: 'Łukasz Żółć',
      generatedAt,
    });
    const lines = await readPdfLines(pdf);
    expect(lines).toContain('Dossier : Succession Nguyễn Văn Anh');
    expect(lines).toContain('Personne concernée : Łukasz Żółć');
    expect(lines).toContain('Nom de naissance : Żółć');
    expect(lines).toContain('Prénoms : Łukasz');
    expect(lines).toContain('Lieu de naissance : Hà Nội');
    expect(lines).toContain('Ødegård Šimůnek');
    // Embedded as a subset of DejaVu Sans, not the standard Helvetica.
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toContain('/FontFile2');
    expect(raw).not.toContain('/Helvetica');
  });

  it('prints a name typed with combining accents in its composed form', async () => {
    const decomposed = 'Nguye\u0302\u0303n'.normalize('NFD');
    const pdf = await renderQuestionnairePdf({
      definition: civilStatusDefinition,
      answers: { last_name: decomposed },
      projectName: 'Dossier',
      personName: null,
      generatedAt,
    });
    expect(await readPdfLines(pdf)).toContain('Nom de naissance : Nguyễn');
  });

  it('prints a "?" for a character the font cannot draw, and drops invisible controls', async () => {
    const pdf = await renderQuestionnairePdf({
      definition: civilStatusDefinition,
      answers: { last_name: '王\u200bMartin\u0007' },
      projectName: 'Dossier',
      personName: null,
      generatedAt,
    });
    expect(await readPdfLines(pdf)).toContain('Nom de naissance : ?Martin');
  });

  it('stays small: the fonts are subset to the glyphs used', async () => {
    const pdf = await renderQuestionnairePdf({
      definition: saleHouseDefinition,
      answers: fullyAnsweredSample(saleHouseDefinition),
      projectName: 'Vente maison Dijon',
      personName: 'Claire Dubois',
      generatedAt,
    });
    // A whole DejaVu Sans face is some 750 KB; three subsets and the text stay far below one.
    expect(pdf.length).toBeLessThan(80 * 1024);
    expect(await pdfTextContent(pdf)).toContain('Document généré le 24/11/2026 à 11:00');
  });
});
