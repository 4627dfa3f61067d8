import { describe, expect, it } from 'vitest';
import { getDefinition } from '../questionnaires/registry';
import type { Viewer, ProjectForAccess } from '../projects/permissions';
import {
  canReadHistoryEntry,
  canonicalJson,
  checkHistoryChainHead,
  describeHistoryEntry,
  HISTORY_EVENT_LABELS,
  findHistoryChainBreak,
  hashHistoryEntry,
  HISTORY_GENESIS_HASH,
  historyAnswerChanges,
  historyFilterSchema,
  historyScope,
  showsHistoryOrigin,
  maskHistoryDetails,
  maskSensitiveText,
  parisDayEnd,
  parisDayStart,
  type HistoryEntryContent,
  type StoredHistoryEntry,
} from './index';

function entry(seq: number, over: Partial<HistoryEntryContent> = {}): HistoryEntryContent {
  return {
    chain: 'project:7',
    seq,
    projectId: 7,
    at: `2026-11-24T10:00:0${seq}.000Z`,
    actorUserId: 3,
    actorName: 'Léa Petit',
    ip: '203.0.113.9',
    userAgent: 'Firefox',
    kind: 'status_changed',
    subjectParticipantIds: [],
    details: { from: 'En cours', to: 'Transmis' },
    ...over,
  };
}

function chainOf(count: number): StoredHistoryEntry[] {
  const out: StoredHistoryEntry[] = [];
  let previous = HISTORY_GENESIS_HASH;
  for (let seq = 1; seq <= count; seq += 1) {
    const content = entry(seq);
    previous = hashHistoryEntry(previous, content);
    out.push({ ...content, id: 100 + seq, hash: previous });
  }
  return out;
}

describe('the hash chain', () => {
  it('serializes with sorted keys whatever the insertion order', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'é'] })).toBe(canonicalJson({ a: [true, null, 'é'], b: 1 }));
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('accepts an intact chain and its head', () => {
    const chain = chainOf(5);
    const { broken, last } = findHistoryChainBreak(chain, { previousHash: HISTORY_GENESIS_HASH, previousSeq: 0 });
    expect(broken).toBeNull();
    expect(checkHistoryChainHead(last, { seq: 5, hash: chain[4]!.hash })).toBeNull();
  });

  it('names the first entry whose content changed', () => {
    const chain = chainOf(5);
    chain[2] = { ...chain[2]!, details: { from: 'En cours', to: 'Signé' } };
    const { broken } = findHistoryChainBreak(chain, { previousHash: HISTORY_GENESIS_HASH, previousSeq: 0 });
    expect(broken).toMatchObject({ id: 103, seq: 3, reason: expect.stringContaining('modifié') });
  });

  it('sees a removed entry in the middle, and removed entries at the end against the head', () => {
    const chain = chainOf(5);
    const middle = findHistoryChainBreak([chain[0]!, chain[1]!, chain[3]!, chain[4]!], {
      previousHash: HISTORY_GENESIS_HASH,
      previousSeq: 0,
    });
    expect(middle.broken).toMatchObject({ seq: 4, reason: expect.stringContaining('manquante') });
    const head = { seq: 5, hash: chain[4]!.hash };
    const { broken, last } = findHistoryChainBreak(chain.slice(0, 3), { previousHash: HISTORY_GENESIS_HASH, previousSeq: 0 });
    expect(broken).toBeNull();
    expect(checkHistoryChainHead(last, head)).toMatchObject({ seq: 4 });
  });

  it('sees a row rewritten with a recomputed hash, from the next entry on', () => {
    const chain = chainOf(3);
    const forged = entry(2, { actorName: 'Quelqu’un d’autre' });
    chain[1] = { ...forged, id: 102, hash: hashHistoryEntry(chain[0]!.hash, forged) };
    expect(findHistoryChainBreak(chain, { previousHash: HISTORY_GENESIS_HASH, previousSeq: 0 }).broken).toMatchObject({ seq: 3 });
  });
});

describe('masking', () => {
  it('masks IBAN- and identity-looking text, keeping the last four characters', () => {
    expect(maskSensitiveText('Virement sur FR76 3000 6000 0112 3456 7890 189 merci')).toBe('Virement sur ••••0189 merci');
    expect(maskSensitiveText('CNI 880692310285')).toBe('CNI ••••0285');
    expect(maskSensitiveText('passeport 18AB12345')).toBe('passeport ••••2345');
    expect(maskSensitiveText('12 rue de la Paix, 75002 Paris')).toBe('12 rue de la Paix, 75002 Paris');
  });

  it('masks whole values under sensitive names, at any depth', () => {
    expect(
      maskHistoryDetails({ password: 'Motdepasse1', nested: { token: 'abc', name: 'Léa' }, list: ['FR7630006000011234567890189'] }),
    ).toEqual({
      password: '••••',
      nested: { token: '••••', name: 'Léa' },
      list: ['••••0189'],
    });
  });

  it('keeps answers in words with their wording, and masks an IBAN typed in a free text', () => {
    const definition = getDefinition('document_sale_houses');
    const [change] = historyAnswerChanges(definition, [
      { field: 'sale_motivation_other_reason', before: undefined, after: 'Mon IBAN FR7630006000011234567890189' },
    ]);
    expect(change).toMatchObject({ field: 'sale_motivation_other_reason', before: '', after: 'Mon IBAN ••••0189' });
    expect(change!.label.length).toBeGreaterThan(3);
    expect(describeHistoryEntry('answers_changed', { questionnaire: 'Vente', changes: [{ ...change! }] })).toContain(
      '(sans réponse) → « Mon IBAN ••••0189 »',
    );
  });

  it('says a deleted account and a purge warning in French, with the name recorded', () => {
    expect(HISTORY_EVENT_LABELS.account_deleted).toBe('Compte supprimé');
    expect(describeHistoryEntry('account_deleted', { name: 'Claire Martin' })).toBe(
      'Claire Martin a supprimé son compte ; le dossier reste conservé par l’office',
    );
    expect(describeHistoryEntry('account_deleted', {})).toBe('Compte supprimé par son titulaire');
    expect(describeHistoryEntry('purge_warned', { purgeOn: '22 décembre 2026', people: 2 })).toBe(
      'Dossier inactif : 2 personne(s) prévenue(s) de sa suppression le 22 décembre 2026',
    );
  });
});

describe('who reads what', () => {
  const viewer = (id: number, office: number | null = null, roles = ['ROLE_USER']): Viewer => ({
    id,
    roles,
    isPro: false,
    isNotary: office !== null,
    needsRoleChange: false,
    notary_office: office ? { id: office } : null,
  });
  const project: ProjectForAccess = {
    status: 2,
    creator: 1,
    notary_office: { id: 9 },
    participants: [
      { id: 11, role: 'seller', user: { id: 1 }, joined: true, role_confirmed: true },
      { id: 12, role: 'buyer', user: { id: 2 }, joined: true, role_confirmed: true },
    ],
  };

  it('gives the office and admins everything, a participant their own, others nothing', () => {
    expect(historyScope(viewer(50, 9), project)).toEqual({ kind: 'all' });
    expect(historyScope(viewer(51, null, ['ROLE_ADMIN']), project)).toEqual({ kind: 'all' });
    expect(historyScope(viewer(52, 8), project)).toBeNull();
    expect(historyScope(viewer(99), project)).toBeNull();
    const seller = historyScope(viewer(1), project)!;
    expect(seller).toEqual({ kind: 'own', userId: 1, participantIds: [11] });
    expect(canReadHistoryEntry(seller, { kind: 'answers_changed', actorUserId: 50, subjectParticipantIds: [11] })).toBe(true);
    expect(canReadHistoryEntry(seller, { kind: 'piece_sent', actorUserId: 2, subjectParticipantIds: [12] })).toBe(false);
    expect(canReadHistoryEntry(seller, { kind: 'status_changed', actorUserId: 1, subjectParticipantIds: [] })).toBe(false);
    expect(canReadHistoryEntry(seller, { kind: 'sign_in', actorUserId: 1, subjectParticipantIds: [] })).toBe(true);
    expect(canReadHistoryEntry(seller, { kind: 'sign_in', actorUserId: 2, subjectParticipantIds: [] })).toBe(false);
    expect(showsHistoryOrigin(seller, 1)).toBe(true);
    expect(showsHistoryOrigin(seller, 50)).toBe(false);
    expect(showsHistoryOrigin({ kind: 'all' }, 50)).toBe(true);
  });

  it('reads nothing to a participant the file does not open to (an intermediary without a professional account)', () => {
    const withIntermediary: ProjectForAccess = {
      ...project,
      participants: [...project.participants, { id: 13, role: 'intermediary', user: { id: 3 }, joined: true, role_confirmed: true }],
    };
    expect(historyScope(viewer(3), withIntermediary)).toBeNull();
    expect(historyScope({ ...viewer(3), isPro: true }, withIntermediary)).toEqual({ kind: 'own', userId: 3, participantIds: [13] });
  });
});

describe('filters', () => {
  it('reads Paris days, summer and winter', () => {
    expect(parisDayStart('2026-11-24').toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(parisDayStart('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(parisDayEnd('2026-03-28').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('refuses unknown kinds and impossible dates in French', () => {
    expect(historyFilterSchema.safeParse({ kinds: 'sign_in,piece_sent' }).data?.kinds).toEqual(['sign_in', 'piece_sent']);
    expect(historyFilterSchema.safeParse({ kinds: 'drop_table' }).error?.issues[0]?.message).toContain('Type d’événement inconnu');
    expect(historyFilterSchema.safeParse({ from: '2026-02-31' }).error?.issues[0]?.message).toBe('Cette date n’existe pas.');
  });
});
