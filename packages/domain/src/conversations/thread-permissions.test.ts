import { describe, expect, it } from 'vitest';
import type { PersonForAccess, ProjectForAccess } from '../projects/permissions';
import { testViewer } from '../projects/testing/viewer';
import { canReadThread, checkWithdrawMessage, visibleThreads } from './thread-permissions';
import { parseThreadKey, threadKey } from './thread-keys';
import { sendMessageSchema } from './conversation-schemas';

const person = (id: number, userId: number | null, role: PersonForAccess['role'], confirmed = true): PersonForAccess => ({
  id,
  role,
  user: userId === null ? null : { id: userId },
  joined: userId !== null,
  role_confirmed: confirmed,
});
const project: ProjectForAccess = {
  status: 2,
  creator: 1,
  notary_office: { id: 1 },
  participants: [person(10, 1, 'seller'), person(11, 2, 'buyer'), person(12, 3, 'seller', false)],
};
const seller = testViewer(1);
const buyer = testViewer(2);
const planted = testViewer(3);
const notary = testViewer(4, { isNotary: true, notary_office: { id: 1 } });
const otherNotary = testViewer(5, { isNotary: true, notary_office: { id: 2 } });
const admin = testViewer(6, { roles: ['ROLE_USER', 'ROLE_ADMIN'] });
const everyone = { kind: 'everyone', participantId: null } as const;
const office = { kind: 'office', participantId: null } as const;
const privateOf = (participantId: number) => ({ kind: 'private', participantId }) as const;

describe('who reads which thread', () => {
  it('opens the everyone-thread to whoever opens the file, an unconfirmed participant included, not to outsiders', () => {
    for (const v of [seller, buyer, planted, notary, admin]) expect(canReadThread(v, project, everyone)).toBe(true);
    expect(canReadThread(otherNotary, project, everyone)).toBe(false);
  });
  it('keeps a private thread to its person, the chosen office and admins', () => {
    expect(canReadThread(seller, project, privateOf(10))).toBe(true);
    expect(canReadThread(buyer, project, privateOf(10))).toBe(false);
    // The second account planted as a seller reads its own thread, never the real seller's.
    expect(canReadThread(planted, project, privateOf(10))).toBe(false);
    expect(canReadThread(planted, project, privateOf(12))).toBe(true);
    expect(canReadThread(notary, project, privateOf(10))).toBe(true);
    expect(canReadThread(admin, project, privateOf(11))).toBe(true);
    expect(canReadThread(notary, project, privateOf(999))).toBe(false);
  });
  it('keeps the office thread to its members and admins', () => {
    expect([seller, buyer, planted, otherNotary].map((v) => canReadThread(v, project, office))).toEqual([false, false, false, false]);
    expect(canReadThread(notary, project, office)).toBe(true);
    expect(canReadThread(admin, project, office)).toBe(true);
  });
  it('opens nothing before an office is chosen', () => {
    expect(canReadThread(admin, { ...project, notary_office: null }, everyone)).toBe(false);
  });
  it('lists the threads each one sees', () => {
    expect(visibleThreads(seller, project).map(threadKey)).toEqual(['everyone', 'private-10']);
    expect(visibleThreads(notary, project).map(threadKey)).toEqual(['everyone', 'private-10', 'private-11', 'private-12', 'office']);
  });
});

describe('withdrawing a message', () => {
  const sent = new Date('2026-11-24T10:00:00Z');
  it('is its author’s, within 5 minutes, once', () => {
    expect(checkWithdrawMessage(seller, { authorUserId: 1, createdAt: sent, withdrawn: false }, new Date('2026-11-24T10:04:59Z')).ok).toBe(
      true,
    );
    expect(
      checkWithdrawMessage(seller, { authorUserId: 1, createdAt: sent, withdrawn: false }, new Date('2026-11-24T10:05:01Z')),
    ).toMatchObject({ ok: false, status: 409 });
    expect(checkWithdrawMessage(buyer, { authorUserId: 1, createdAt: sent, withdrawn: false }, sent)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(checkWithdrawMessage(seller, { authorUserId: 1, createdAt: sent, withdrawn: true }, sent)).toMatchObject({
      ok: false,
      status: 409,
    });
  });
});

describe('thread keys and payloads', () => {
  it('reads only the keys it writes', () => {
    expect(parseThreadKey('private-12')).toEqual({ kind: 'private', participantId: 12 });
    for (const bad of ['private-0', 'private-', 'private-01', 'Everyone', 'private-99999999999', ''])
      expect(parseThreadKey(bad)).toBeNull();
  });
  it('refuses an empty, too long or bidi-tricked text in French', () => {
    expect(sendMessageSchema.safeParse({ text: '  ' }).error?.issues[0]?.message).toBe('Merci de saisir un message.');
    expect(sendMessageSchema.safeParse({ text: 'a'.repeat(5001) }).error?.issues[0]?.message).toMatch(/5000 caractères/);
    expect(sendMessageSchema.safeParse({ text: 'voir \u202Efdp.exe' }).success).toBe(false);
    expect(sendMessageSchema.parse({ text: ' Bonjour\nMaître ' }).text).toBe('Bonjour\nMaître');
  });
});
