import { describe, expect, it } from 'vitest';
import { canUseDraftingBridge } from '../projects/permissions';
import { cleanSearchText, recordTransferSchema, shownSearchResults, TRANSFER_MESSAGES } from './transfer';

describe('transfer rules', () => {
  it('strips slashes from the search text', () => {
    expect(cleanSearchText(' 2026/00123 ')).toBe('202600123');
    expect(cleanSearchText('///')).toBe('');
  });

  it('shows the results reversed, the first 30 only', () => {
    const results = Array.from({ length: 40 }, (_, i) => i);
    const shown = shownSearchResults(results);
    expect(shown).toHaveLength(30);
    expect(shown[0]).toBe(39);
    expect(shown[29]).toBe(10);
    expect(shownSearchResults([1, 2, 3])).toEqual([3, 2, 1]);
  });

  it('asks for confirmation with the file count', () => {
    expect(TRANSFER_MESSAGES.confirm(3)).toBe(
      "Êtes-vous sûr(e) de vouloir transférer 3 fichier(s) vers votre logiciel de rédaction d'actes ?",
    );
  });

  it('accepts a transfer record whose count matches its outcome', () => {
    const base = {
      dossier: { id: 12, intitule: 'Vente Garnier', identifiantMetier: '2026/001' },
      files: [
        { type: 'pdf', docId: 3, filename: 'a.pdf' },
        { type: 'file', docId: 4, position: 0, filename: 'b.pdf' },
      ],
    };
    expect(recordTransferSchema.parse({ ...base, sent: 2, outcome: 'succeeded' }).dossier.id).toBe('12');
    expect(recordTransferSchema.safeParse({ ...base, sent: 1, outcome: 'succeeded' }).success).toBe(false);
    expect(recordTransferSchema.safeParse({ ...base, sent: 3, outcome: 'failed' }).success).toBe(false);
    expect(recordTransferSchema.safeParse({ ...base, sent: 1, outcome: 'failed' }).success).toBe(true);
    expect(recordTransferSchema.safeParse({ ...base, files: [], sent: 0, outcome: 'failed' }).success).toBe(false);
  });

  it('lets admins and users with an office use the bridge', () => {
    const viewer = { id: 1, roles: ['ROLE_USER'], isPro: false, isNotary: false, needsRoleChange: false, notary_office: null };
    expect(canUseDraftingBridge(viewer)).toBe(false);
    expect(canUseDraftingBridge({ ...viewer, isNotary: true })).toBe(false);
    expect(canUseDraftingBridge({ ...viewer, notary_office: { id: 1 } })).toBe(true);
    expect(canUseDraftingBridge({ ...viewer, roles: ['ROLE_USER', 'ROLE_ADMIN'] })).toBe(true);
  });
});
