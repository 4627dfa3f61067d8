import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PDF_BYTES } from '../../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { documents, historyEntries, historyHeads, projects } from '../../db/schema';
import { projectFileKey } from '../../files/storage/storage-keys';
import { verifyChain } from '../history/history-service';
import { monthsBefore } from './purge-service';

type Actor = { id: number; email: string; password: string; headers: Record<string, string> };
const DAY_MS = 86_400_000;

describe.each(BACKENDS)('purge of abandoned files on %s', (backend) => {
  let t: TestApp;
  let owner: Actor, guest: Actor;

  async function actor(): Promise<Actor> {
    const u = await t.createUser();
    return { ...u, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });

  /** A file of `owner`, last changed `changedAt` (its row and its documents), at `status`. */
  async function fileChangedAt(name: string, changedAt: Date, status = 1): Promise<number> {
    const id = (await api(owner, 'POST', '/project', { name, type: 'realty', subtype: 'land', role: 'seller' })).json().id as number;
    await t.database.db.update(documents).set({ updatedAt: changedAt }).where(eq(documents.projectId, id));
    await t.database.db.update(projects).set({ status, updatedAt: changedAt }).where(eq(projects.id, id));
    return id;
  }
  const warningsOf = (name: string) => t.mails.filter((m) => m.subject.startsWith(`Votre dossier « ${name} » sera supprimé`));
  const existing = async (ids: number[]) =>
    (await t.database.db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids)))
      .map((p) => p.id)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await buildTestApp(backend);
    owner = await actor();
    guest = await actor();
  });
  afterAll(() => t.close());

  it('warns the people 30 days before, then purges drafts and "Sans suite" files untouched 24 months, with their stored files; once, whatever the number of processes', async () => {
    const now = t.clock.now();
    const purgeDate = monthsBefore(now, 24);
    const inTenDays = new Date(purgeDate.getTime() + 10 * DAY_MS);
    const draft = await fileChangedAt('Brouillon oublié', inTenDays);
    const noFollowUp = await fileChangedAt('Classé sans suite', inTenDays, 7);
    const recent = await fileChangedAt('Brouillon récent', monthsBefore(now, 12));
    const sent = await fileChangedAt('Dossier transmis', inTenDays, 4);
    const stillWorked = await fileChangedAt('Brouillon travaillé', inTenDays);
    // Its questionnaire was saved yesterday: the file was touched.
    await t.database.db
      .update(documents)
      .set({ updatedAt: new Date(now.getTime() - DAY_MS) })
      .where(eq(documents.projectId, stillWorked));

    // The forgotten draft has a guest (with an account) and a stored file.
    expect(
      (
        await api(owner, 'POST', `/project/${draft}/addperson`, {
          firstName: 'Gaston',
          lastName: 'Invité',
          email: guest.email,
          role: 'buyer',
        })
      ).statusCode,
    ).toBe(200);
    const ownerPid = (await api(owner, 'GET', `/project/${draft}`))
      .json()
      .participants.find((p: { user: { id: number } | null }) => p.user?.id === owner.id).id;
    const drawer = await api(owner, 'POST', '/participant/adddocument', {
      projectId: draft,
      docType: 'document_files',
      docFileType: 'identity_card',
      participantId: ownerPid,
    });
    const drawerId = drawer
      .json()
      .documents.flatMap((d: { document_files: Array<{ id: number }> }) => d.document_files)
      .at(-1).id;
    const body = multipartBody(
      { id: String(drawerId) },
      { field: 'file', name: 'identite.pdf', content: PDF_BYTES, type: 'application/pdf' },
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/project/${draft}/addfile`,
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    const storedName = uploaded
      .json()
      .documents.flatMap((d: { document_files: Array<{ id: number; files: string[] }> }) => d.document_files)
      .find((f: { id: number }) => f.id === drawerId).files[0];
    // Those changes were made "then", not today.
    await t.database.db.update(documents).set({ updatedAt: inTenDays }).where(eq(documents.projectId, draft));
    await t.database.db.update(projects).set({ updatedAt: inTenDays }).where(eq(projects.id, draft));

    // Two processes at once: each file warned once, each person mailed once.
    const [a, b] = await Promise.all([t.app.filePurge.runOnce(), t.app.filePurge.runOnce()]);
    await t.app.mailOutbox.drain();
    expect(a.warned + b.warned).toBe(2);
    expect(a.purged + b.purged).toBe(0);
    expect(
      warningsOf('Brouillon oublié')
        .map((m) => m.to)
        .sort(),
    ).toEqual([owner.email, guest.email].sort());
    expect(warningsOf('Classé sans suite').map((m) => m.to)).toEqual([owner.email]);
    for (const name of ['Brouillon récent', 'Dossier transmis', 'Brouillon travaillé']) expect(warningsOf(name)).toEqual([]);
    // The purge date said is 30 days away (the 24 months end sooner, but the warning's 30 days come first).
    const expected = new Date(now.getTime() + 30 * DAY_MS).toLocaleDateString('fr-FR', {
      timeZone: 'Europe/Paris',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    expect(warningsOf('Brouillon oublié')[0]!.subject).toBe(`Votre dossier « Brouillon oublié » sera supprimé le ${expected}`);
    expect(warningsOf('Brouillon oublié')[0]!.link).toBe(`http://app.test/project/${draft}/dashboard`);
    // The warning is in the file's history, once, as the system's, about each warned person's participation (so each
    // reads it on their tab once they can open the file); the chain holds.
    {
      const seen = await api(owner, 'GET', `/project/${draft}/history?kinds=purge_warned`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().entries).toEqual([
        expect.objectContaining({
          kind: 'purge_warned',
          label: 'Avertissement avant suppression',
          actor: { id: null, name: 'système' },
          summary: `Dossier inactif : 2 personne(s) prévenue(s) de sa suppression le ${expected}`,
        }),
      ]);
    }
    expect(await verifyChain(t.database.db, `project:${draft}`)).toMatchObject({ ok: true, firstBroken: null });
    const warnedEntries = await t.database.db.select().from(historyEntries).where(eq(historyEntries.kind, 'purge_warned'));
    expect(warnedEntries.map((e) => e.projectId).sort()).toEqual([draft, noFollowUp].sort());
    expect(warnedEntries.find((e) => e.projectId === draft)!.subjectParticipantIds).toHaveLength(2);
    expect(JSON.stringify(warnedEntries)).not.toContain(guest.email);

    // Idempotent: nothing new on the next pass, nothing purged before the 30 days.
    expect(await t.app.filePurge.runOnce()).toEqual({ warned: 0, purged: 0 });
    t.clock.advance(29 * DAY_MS);
    expect(await t.app.filePurge.runOnce()).toEqual({ warned: 0, purged: 0 });

    t.clock.advance(DAY_MS + 60_000);
    const mailsBefore = t.mails.length;
    expect(await t.app.filePurge.runOnce()).toEqual({ warned: 0, purged: 2 });
    expect(await existing([draft, noFollowUp, recent, sent, stillWorked])).toEqual([recent, sent, stillWorked].sort((x, y) => x - y));
    expect(await t.storage.size(projectFileKey(draft, storedName))).toBeUndefined();
    // Their histories went with them (cascade through the append-only trigger): entries and chain heads.
    expect(
      await t.database.db
        .select()
        .from(historyEntries)
        .where(inArray(historyEntries.projectId, [draft, noFollowUp])),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(historyHeads)
        .where(inArray(historyHeads.chain, [`project:${draft}`, `project:${noFollowUp}`])),
    ).toEqual([]);
    expect(t.mails.length).toBe(mailsBefore);
    expect(await t.app.filePurge.runOnce()).toEqual({ warned: 0, purged: 0 });
  });

  it('does not purge a file touched after its warning: it is warned again when due', async () => {
    owner.headers = bearer(await t.tokenFor(owner.email, owner.password)); // a month has passed
    const now = t.clock.now();
    const file = await fileChangedAt('Repris à temps', new Date(monthsBefore(now, 24).getTime() + 5 * DAY_MS));
    expect((await t.app.filePurge.runOnce()).warned).toBe(1);
    await t.app.mailOutbox.drain();
    expect(warningsOf('Repris à temps')).toHaveLength(1);
    // Its owner opens it and saves something 20 days later (a document changes).
    t.clock.advance(20 * DAY_MS);
    await t.database.db.update(documents).set({ updatedAt: t.clock.now() }).where(eq(documents.projectId, file));
    t.clock.advance(15 * DAY_MS);
    expect(await t.app.filePurge.runOnce()).toEqual({ warned: 0, purged: 0 });
    expect(await existing([file])).toEqual([file]);
    // 24 months after that change, less 30 days: warned again; 30 days later, purged.
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, file));
    t.clock.advance(monthsBefore(row!.updatedAt, -24).getTime() - t.clock.now().getTime() - 29 * DAY_MS);
    // (The other files of this test file come due too by then.)
    await t.app.filePurge.runOnce();
    await t.app.mailOutbox.drain();
    expect(warningsOf('Repris à temps').map((m) => m.to)).toEqual([owner.email, owner.email]);
    expect(await existing([file])).toEqual([file]);
    t.clock.advance(31 * DAY_MS);
    await t.app.filePurge.runOnce();
    expect(await existing([file])).toEqual([]);
  });

  it('counts months as the calendar does', () => {
    expect(monthsBefore(new Date('2026-03-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(monthsBefore(new Date('2026-11-22T10:00:00Z'), 24).toISOString()).toBe('2024-11-22T10:00:00.000Z');
    expect(monthsBefore(new Date('2024-02-29T00:00:00Z'), -24).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});
