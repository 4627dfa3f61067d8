import { describe, expect, it } from 'vitest';
import { progressColour, statusLabel } from './status';

describe('project status', () => {
  it('labels the seven codes as the spec writes them, and anything else "Status non défini"', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(statusLabel)).toEqual([
      'En cours de création',
      'À compléter',
      'Relecture étude',
      'Complet en attente de signature',
      'Signé',
      'Signé + Archivé',
      'Sans suite',
    ]);
    expect(statusLabel(0)).toBe('Status non défini');
    expect(statusLabel(8)).toBe('Status non défini');
  });

  it('colours progress red under 25, blue to 74, green from 75', () => {
    expect([0, 24, 25, 74, 75, 100].map(progressColour)).toEqual(['red', 'red', 'blue', 'blue', 'green', 'green']);
  });
});
