import { ANSWER_CHANGE_MAX_DELAY_MS, ANSWER_CHANGE_QUIET_MS } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { documents, participants } from '../../db/schema';

type Actor = { id: number; email: string; headers: Record<string, string> };
type Mark = { field: string; changedAt: string; role: 'office' | 'admin'; name: string };

const MINUTE = 60_000;

describe.each(BACKENDS)("the office's changes to a client's answers on %s", (backend) => {
  let t: TestApp;
  let heir: Actor, spouse: Actor, admin: Actor, parisNotary: Actor, lyonNotary: Actor, stranger: Actor;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, email: u.email, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: a?.headers ?? {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A settlement of the heir's at the Paris office, the spouse a second client with an account; answers the succession's id. */
  async function createSuccession() {
    const res = await api(heir, 'POST', '/project', {
      name: 'Succession <Martin>',
      type: 'succession',
      subtype: 'settlement',
      role: 'heir',
    });
    expect(res.statusCode, res.body).toBe(201);
    const projectId = res.json().id as number;
    expect((await api(heir, 'PATCH', `/project/${projectId}`, { office: 1 })).statusCode).toBe(200);
    const [person] = await t.database.db
      .insert(participants)
      .values({ projectId, firstName: 'Paul', lastName: 'Martin', userId: spouse.id, role: 'spouse' })
      .returning();
    const project = (await api(heir, 'GET', `/project/${projectId}`)).json() as {
      documents: Array<{ id: number; document_successions?: unknown[] }>;
    };
    const succession = project.documents.find((d) => (d.document_successions ?? []).length > 0)!.id;
    return { projectId, succession, spousePid: person!.id };
  }

  let version = new Map<number, number>();
  async function save(a: Actor, id: number, answers: Record<string, unknown>) {
    const res = await api(a, 'PATCH', '/document', {
      docType: 'document_succession',
      document: { id, version: version.get(id) ?? 1, ...answers },
    });
    if (res.statusCode === 200) version.set(id, res.json().version);
    return res;
  }
  const marks = async (a: Actor | null, id: number) => api(a, 'GET', `/document/${id}/answer-marks`);

  async function runSummaries() {
    const queued = await t.app.answerChangeSummaries.runOnce();
    await t.app.mailOutbox.drain();
    return queued;
  }
  /** Sends whatever earlier tests left pending, so that a test counts only its own summaries. */
  async function settlePendingSummaries() {
    t.clock.advance(ANSWER_CHANGE_MAX_DELAY_MS);
    await runSummaries();
  }
  const summariesTo = (email: string) =>
    t.mails.filter((m) => m.to === email && m.subject.startsWith('Votre office a modifié vos réponses'));

  beforeAll(async () => {
    t = await buildTestApp(backend);
    heir = await actor({ firstName: 'Claire', lastName: 'Dubois' });
    spouse = await actor({ firstName: 'Paul', lastName: 'Martin' });
    admin = await actor({ firstName: 'Alice', lastName: 'Admin', roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    parisNotary = await actor({ firstName: 'Jeanne', lastName: 'Notaire', isNotary: true, notaryOfficeId: 1 });
    lyonNotary = await actor({ isNotary: true, notaryOfficeId: 2 });
    stranger = await actor();
    version = new Map();
  });
  afterAll(() => t.close());

  it('marks the answers the office changed (who, when) for the client and the office, and for nobody else', async () => {
    const { succession } = await createSuccession();
    expect((await save(heir, succession, { deceased_q1_last_name: 'Martin', succession_q1_spouse: 1 })).statusCode).toBe(200);
    // The client's own answers carry no mark.
    expect((await marks(heir, succession)).json()).toEqual([]);

    const at = t.clock.now().toISOString();
    const byOffice = await save(parisNotary, succession, {
      deceased_q1_last_name: 'Martin-Roche',
      succession_q1_spouse: 1,
      succession_q4_realty: 1,
    });
    expect(byOffice.statusCode, byOffice.body).toBe(200);
    const expected: Mark[] = [
      { field: 'deceased_q1_last_name', changedAt: at, role: 'office', name: 'Jeanne Notaire' },
      { field: 'succession_q4_realty', changedAt: at, role: 'office', name: 'Jeanne Notaire' },
    ];
    for (const reader of [heir, parisNotary, admin]) {
      const res = await marks(reader, succession);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    // Another office, a stranger, the spouse (another role's document): refused; anonymous: 401.
    for (const outsider of [lyonNotary, stranger, spouse]) expect((await marks(outsider, succession)).statusCode).toBe(403);
    expect((await marks(null, succession)).statusCode).toBe(401);
    expect((await marks(heir, 99_999_999)).statusCode).toBe(404);
    expect((await marks(heir, 0)).statusCode).toBe(400);

    // The client answers the field again: it is theirs, the mark goes; the other stays.
    expect(
      (await save(heir, succession, { deceased_q1_last_name: 'Martin', succession_q1_spouse: 1, succession_q4_realty: 1 })).statusCode,
    ).toBe(200);
    expect(((await marks(heir, succession)).json() as Mark[]).map((m) => m.field)).toEqual(['succession_q4_realty']);

    // An admin's change is marked as an admin's.
    expect(
      (await save(admin, succession, { deceased_q1_last_name: 'Martin', succession_q1_spouse: 0, succession_q4_realty: 1 })).statusCode,
    ).toBe(200);
    expect(((await marks(heir, succession)).json() as Mark[]).find((m) => m.field === 'succession_q1_spouse')).toMatchObject({
      role: 'admin',
      name: 'Alice Admin',
    });
  });

  it('mails the client one summary after a quiet period, old and new values in French, escaped', async () => {
    await settlePendingSummaries();
    const { succession } = await createSuccession();
    await save(heir, succession, { deceased_q1_last_name: 'Martin', succession_q2_will: 1, succession_q2_will_notary_name: 'Maître Roux' });
    const before = summariesTo(heir.email).length;

    await save(parisNotary, succession, {
      deceased_q1_last_name: 'Martin',
      succession_q2_will: 1,
      succession_q2_will_notary_name: 'Maître <b>Roux</b><script>x</script>',
    });
    t.clock.advance(5 * MINUTE);
    await save(parisNotary, succession, {
      deceased_q1_last_name: 'Martin-Roche',
      succession_q2_will: 1,
      succession_q2_will_notary_name: 'Maître <b>Roux</b><script>x</script>',
    });
    // Not one mail per save: nothing until the office has left the questionnaire alone for the quiet period.
    t.clock.advance(ANSWER_CHANGE_QUIET_MS - MINUTE);
    expect(await runSummaries()).toBe(0);
    expect(summariesTo(heir.email)).toHaveLength(before);

    t.clock.advance(MINUTE);
    expect(await runSummaries()).toBe(1);
    const [mail] = summariesTo(heir.email).slice(before);
    expect(mail!.subject).toBe('Votre office a modifié vos réponses : Succession');
    expect(mail!.text).toContain(
      'Votre office notarial a modifié 2 réponses de votre questionnaire « Succession » (dossier « Succession <Martin> ») :',
    );
    expect(mail!.text).toContain('Quels étaient les nom et prénoms du défunt ? — Nom de naissance : « Martin » → « Martin-Roche »');
    expect(mail!.text).toContain('Nom du notaire qui conserve le testament : « Maître Roux » → « Maître <b>Roux</b><script>x</script> »');
    expect(mail!.html).toContain('« Maître &lt;b&gt;Roux&lt;/b&gt;&lt;script&gt;x&lt;/script&gt; »');
    expect(mail!.html).toContain('Succession &lt;Martin&gt;');
    expect(mail!.html).not.toMatch(/<script|<b>/);
    expect(mail!.link).toMatch(/\/project\/\d+\/dashboard$/);
    // Only the people the questionnaire belongs to: not the spouse, not the office.
    expect(summariesTo(spouse.email)).toHaveLength(0);
    expect(summariesTo(parisNotary.email)).toHaveLength(0);

    // The spell is over: nothing more is sent.
    t.clock.advance(ANSWER_CHANGE_QUIET_MS);
    expect(await runSummaries()).toBe(0);
  });

  it('sends a summary at the longest delay even while the office keeps editing, and sends each spell once', async () => {
    await settlePendingSummaries();
    const { succession } = await createSuccession();
    const before = summariesTo(heir.email).length;
    for (let minute = 0; minute < ANSWER_CHANGE_MAX_DELAY_MS / MINUTE; minute += 10) {
      expect((await save(parisNotary, succession, { deceased_q9_nationality: `française ${minute}` })).statusCode).toBe(200);
      expect(await runSummaries()).toBe(0);
      t.clock.advance(10 * MINUTE);
    }
    const [first, second] = await Promise.all([t.app.answerChangeSummaries.runOnce(), t.app.answerChangeSummaries.runOnce()]);
    await t.app.mailOutbox.drain();
    expect(first + second).toBe(1);
    const mails = summariesTo(heir.email).slice(before);
    expect(mails).toHaveLength(1);
    // One line per field: from the value before the spell to the latest.
    expect(mails[0]!.text).toContain('Quelle était la nationalité du défunt ? : (sans réponse) → « française 50 »');
  });

  it('mails nothing for a change undone, for the clients’ own changes, nor once the questionnaire belongs to someone else', async () => {
    await settlePendingSummaries();
    const undone = await createSuccession();
    await save(heir, undone.succession, { deceased_q8_city: 'Lyon' });
    await save(parisNotary, undone.succession, { deceased_q8_city: 'Paris' });
    await save(parisNotary, undone.succession, { deceased_q8_city: 'Lyon' });

    const reassigned = await createSuccession();
    await save(parisNotary, reassigned.succession, { deceased_q8_city: 'Nantes' });
    const moved = await api(admin, 'PATCH', '/document/owner', { documentId: reassigned.succession, participantId: reassigned.spousePid });
    expect(moved.statusCode, moved.body).toBe(200);

    const own = await createSuccession();
    await save(heir, own.succession, { deceased_q8_city: 'Brest' });

    const before = t.mails.length;
    t.clock.advance(ANSWER_CHANGE_MAX_DELAY_MS);
    expect(await runSummaries()).toBe(0);
    expect(t.mails.slice(before).filter((m) => m.subject.startsWith('Votre office a modifié'))).toEqual([]);
  });

  it('mails every seller who shares the sale questionnaire, and not a "seller" another client planted', async () => {
    await settlePendingSummaries();
    const seller = await actor({ firstName: 'Sophie', lastName: 'Vendeur' });
    const coSeller = await actor({ firstName: 'Marc', lastName: 'Vendeur' });
    const planted = await actor({ firstName: 'Faux', lastName: 'Vendeur' });
    const created = await api(seller, 'POST', '/project', { name: 'Maison des Lilas', type: 'realty', subtype: 'house', role: 'seller' });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json().id as number;
    expect((await api(seller, 'PATCH', `/project/${projectId}`, { office: 1 })).statusCode).toBe(200);
    await t.database.db.insert(participants).values([
      { projectId, firstName: 'Marc', lastName: 'Vendeur', userId: coSeller.id, role: 'seller', roleConfirmed: true },
      { projectId, firstName: 'Faux', lastName: 'Vendeur', userId: planted.id, role: 'seller', roleConfirmed: false },
    ]);
    const wire = (await api(parisNotary, 'GET', `/project/${projectId}`)).json() as {
      documents: Array<{ id: number; shared_role: string | null }>;
    };
    const sale = wire.documents.find((d) => d.shared_role === 'seller')!.id;
    const res = await api(parisNotary, 'PATCH', '/document', {
      docType: 'document_sale_house',
      document: { id: sale, version: 1, price_q0_amount: '325000' },
    });
    expect(res.statusCode, res.body).toBe(200);

    t.clock.advance(ANSWER_CHANGE_MAX_DELAY_MS);
    expect(await runSummaries()).toBe(2);
    expect(summariesTo(seller.email)).toHaveLength(1);
    expect(summariesTo(coSeller.email)).toHaveLength(1);
    expect(summariesTo(planted.email)).toHaveLength(0);
  });

  it('refuses a text longer than its field allows, naming it, and stores a 255-character name whole', async () => {
    const { projectId, succession } = await createSuccession();
    const firstNames = 'Marie-Bernadette Joséphine Anne-Charlotte Éléonore Philippine de la Tour';
    const ok = await save(heir, succession, { deceased_q1_first_name: firstNames, deceased_q1_last_name: 'x'.repeat(255) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ deceased_q1_first_name: firstNames, deceased_q1_last_name: 'x'.repeat(255) });

    const tooLong = await save(heir, succession, { deceased_q1_first_name: 'y'.repeat(256) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: '« Prénoms » : 255 caractères au plus (votre réponse en compte 256). Merci de la raccourcir.',
      field: 'deceased_q1_first_name',
    });
    const nationality = await save(heir, succession, { deceased_q9_nationality: 'n'.repeat(51) });
    expect(nationality.json().message).toBe(
      '« Quelle était la nationalité du défunt ? » : 50 caractères au plus (votre réponse en compte 51). Merci de la raccourcir.',
    );
    // Nothing was stored by the refused saves.
    const [row] = await t.database.db
      .select()
      .from(documents)
      .where((await import('drizzle-orm')).eq(documents.id, succession));
    expect(row!.answers).toMatchObject({ deceased_q1_first_name: firstNames });
    expect(row!.projectId).toBe(projectId);
    // Amounts, dates and counts typed as words are kept: the spec enforces no format.
    const words = await save(heir, succession, { deceased_q2_birthdate: '31/02/2015' });
    expect(words.json()).toMatchObject({ deceased_q2_birthdate: '31/02/2015' });
  });
});
