import { describe, expect, it } from 'vitest';
import {
  looksLikeWholePdf,
  PROJECT_FILE_ACCEPT,
  PROJECT_FILE_MAX_BYTES,
  PROJECT_FILE_MESSAGES,
  refuseProjectFile,
} from './project-file-rules';

const MINIMAL_PDF =
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n0\n%%EOF\n';
const edges = (pdf: string) => [pdf.slice(0, 1024), pdf.slice(-1024), pdf.length] as const;

describe('refuseProjectFile', () => {
  it('accepts PDF and the four image formats up to 20 Mo', () => {
    expect(refuseProjectFile({ name: 'acte.pdf', size: 1000, type: 'application/pdf' })).toBeNull();
    expect(refuseProjectFile({ name: 'photo.JPG', size: PROJECT_FILE_MAX_BYTES, type: 'image/jpeg' })).toBeNull();
    expect(refuseProjectFile({ name: 'plan.webp', size: 10, type: 'image/webp' })).toBeNull();
  });

  it('refuses a file over 20 Mo before it is sent', () => {
    expect(refuseProjectFile({ name: 'scan.pdf', size: 21 * 1024 * 1024, type: 'application/pdf' })).toBe(
      'Le fichier dépasse la taille maximale autorisée (20 Mo).',
    );
    expect(refuseProjectFile({ name: 'scan.pdf', size: PROJECT_FILE_MAX_BYTES + 1, type: 'application/pdf' })).toBe(
      PROJECT_FILE_MESSAGES.tooLarge,
    );
  });

  it('refuses other types, by the declared type or, without one, by the extension', () => {
    expect(
      refuseProjectFile({
        name: 'contrat.docx',
        size: 10,
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    ).toBe(PROJECT_FILE_MESSAGES.wrongType);
    expect(refuseProjectFile({ name: 'photo.heic', size: 10, type: 'image/heic' })).toBe(PROJECT_FILE_MESSAGES.wrongType);
    expect(refuseProjectFile({ name: 'acte.pdf', size: 10, type: '' })).toBeNull();
    expect(refuseProjectFile({ name: 'acte', size: 10, type: '' })).toBe(PROJECT_FILE_MESSAGES.wrongType);
    // A declared type wins over a misleading name.
    expect(refuseProjectFile({ name: 'virus.pdf', size: 10, type: 'application/x-msdownload' })).toBe(PROJECT_FILE_MESSAGES.wrongType);
  });

  it('refuses an empty file', () => {
    expect(refuseProjectFile({ name: 'vide.pdf', size: 0, type: 'application/pdf' })).toBe(PROJECT_FILE_MESSAGES.empty);
  });

  it('gives the chooser the same formats', () => {
    expect(PROJECT_FILE_ACCEPT.split(',')).toEqual(
      expect.arrayContaining(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', '.pdf', '.jpg']),
    );
  });
});

describe('looksLikeWholePdf', () => {
  it('accepts a small whole PDF, with or without the cross-reference pointer', () => {
    expect(looksLikeWholePdf(...edges(MINIMAL_PDF))).toBe(true);
    expect(looksLikeWholePdf(...edges('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'))).toBe(true);
    expect(looksLikeWholePdf(...edges(`${MINIMAL_PDF}\r\n`))).toBe(true);
  });

  it('accepts a large PDF whose first object is far from the header, by its tail', () => {
    const padded = `%PDF-1.7\n${'%'.padEnd(1023, '0')}\n`.repeat(8) + MINIMAL_PDF.slice('%PDF-1.4\n'.length);
    expect(looksLikeWholePdf(...edges(padded))).toBe(true);
  });

  it('refuses a header alone, a file cut short and a text file named .pdf', () => {
    expect(looksLikeWholePdf(...edges('%PDF-1.4'))).toBe(false);
    expect(looksLikeWholePdf(...edges('%PDF-1.4\n' + ' '.repeat(100)))).toBe(false);
    expect(looksLikeWholePdf(...edges(MINIMAL_PDF.slice(0, MINIMAL_PDF.indexOf('trailer'))))).toBe(false);
    expect(looksLikeWholePdf(...edges('Bonjour, voici le compromis de vente.\n'.repeat(5)))).toBe(false);
    expect(looksLikeWholePdf(...edges('%PDF-9.9\n' + MINIMAL_PDF.slice(9)))).toBe(false);
  });

  it('tolerates a few bytes after the end marker, not a file appended to it', () => {
    expect(looksLikeWholePdf(...edges(`${MINIMAL_PDF}\0\0 `))).toBe(true);
    expect(looksLikeWholePdf(...edges(`${MINIMAL_PDF}${'<p>page web</p>\n'.repeat(100)}`))).toBe(false);
  });
});
