import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { participants } from '../../db/schema';

/**
 * Moving a file to another office is told to both offices and to the file's
 * people; an admin granting the intermediary right tells the person. Mails
 * go through the outbox, in French, with what people typed escaped.
 */
describe.each(BACKENDS)('mails of office moves and granted rights on %s', (backend) => {
  let t: TestApp;
  type Actor = { id: number; email: string; headers: Record<string, string> };
  let client: Actor, buyer: Actor, parisNotary: Actor, admin: Actor;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, email: u.email, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await buildTestApp(backend);
    client = await actor({ firstName: 'Claire', lastName: 'Dubois' });
    buyer = await actor({ firstName: 'Bruno' });
    parisNotary = await actor({ firstName: 'Nicolas', lastName: 'Bernard', isNotary: true, notaryOfficeId: 1 });
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
  });
  afterAll(() => t.close());

  it('mails nobody when a client picks the first office, and both offices and the people when the office moves the file', async () => {
    const name = 'Vente <b>Dubois</b> & fils';
    const id = (await api(client, 'POST', '/project', { name, type: 'realty', subtype: 'house', role: 'seller' })).json().id as number;
    await t.database.db
      .insert(participants)
      .values({ projectId: id, firstName: 'Bruno', lastName: 'Achat', email: buyer.email, userId: buyer.id, role: 'buyer' });
    await t.database.db
      .insert(participants)
      .values({ projectId: id, firstName: 'Sans', lastName: 'Compte', email: 'sans.compte@exemple.fr', role: 'buyer' });
    let sent = t.mails.length;
    expect((await api(client, 'PATCH', `/project/${id}`, { office: 1 })).statusCode).toBe(200);
    expect(t.mails.slice(sent)).toEqual([]);

    sent = t.mails.length;
    expect((await api(parisNotary, 'PATCH', `/project/${id}`, { office: 2 })).statusCode).toBe(200);
    const mails = t.mails.slice(sent);
    expect(mails.map((m) => m.to).sort()).toEqual(['office-paris@notadoo.fr', 'office-lyon@notadoo.fr', client.email, buyer.email].sort());
    const lyon = mails.find((m) => m.to === 'office-lyon@notadoo.fr')!;
    expect(lyon.subject).toBe(`Dossier confié à votre office : ${name}`);
    expect(lyon.text).toContain(
      `Nicolas Bernard a confié le dossier « ${name} », jusqu'ici suivi par l'office de Paris, à l'office de Lyon.`,
    );
    expect(lyon.link).toBe(`http://app.test/project/${id}/dashboard`);
    expect(lyon.html).toContain('Vente &lt;b&gt;Dubois&lt;/b&gt; &amp; fils');
    expect(lyon.html).not.toContain('<b>Dubois</b>');
    const paris = mails.find((m) => m.to === 'office-paris@notadoo.fr')!;
    expect(paris.subject).toBe(`Dossier confié à un autre office : ${name}`);
    expect(paris.text).toContain("Votre office n'a plus accès à ce dossier.");
    expect(paris.link).toBe('http://app.test');
    const toClient = mails.find((m) => m.to === client.email)!;
    expect(toClient.subject).toBe(`Votre dossier « ${name} » change d'office notarial`);
    expect(toClient.text).toContain("Seul l'office de Lyon peut désormais consulter les informations que vous y avez renseignées.");

    // Choosing the office it already has is no move.
    sent = t.mails.length;
    await api(admin, 'PATCH', `/project/${id}`, { office: 2 });
    expect(t.mails.slice(sent)).toEqual([]);
  });

  it('mails a user whose intermediary right an admin grants, not when it is withdrawn', async () => {
    const agent = await actor({ firstName: 'Inès' });
    const toggle = (data: string) => api(admin, 'POST', '/admin/user/toggleStatus', { id: agent.id, data, action: 'pro' });
    let sent = t.mails.length;
    const granted = await toggle('1');
    expect(granted.statusCode).toBe(200);
    expect(granted.json().isPro).toBe(true);
    expect(t.mails.slice(sent)).toEqual([
      expect.objectContaining({
        to: agent.email,
        subject: "Vos droits d'intermédiaire immobilier sont activés",
        link: 'http://app.test/dashboard',
      }),
    ]);
    expect(t.mails.at(-1)!.text).toContain("Un administrateur Notadoo vient de vous accorder les droits d'intermédiaire immobilier.");
    // Granting again changes nothing and sends nothing.
    sent = t.mails.length;
    await toggle('1');
    await toggle('0');
    expect(t.mails.slice(sent)).toEqual([]);
  });
});
