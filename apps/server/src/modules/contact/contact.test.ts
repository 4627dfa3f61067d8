import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, buildTestApp, type TestApp } from '../../../test/test-app';
import { CONTACT_MESSAGE } from '../../../test/contact-message';
import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { contactMessages } from '../../db/schema';

const VALID = CONTACT_MESSAGE;

describe.each(BACKENDS)('contact on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend, { rateLimits: { contactPerIp: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(() => t.close());

  const send = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });

  it('stores the message, mails it to the network address and answers the spec message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(VALID).toString(),
      remoteAddress: '10.0.0.2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Merci ! Votre message a bien été envoyé à nos équipes !' });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('contact@notadoo.test');
    expect(mail.subject).toContain('Claire Dubois');
    expect(mail.text).toContain('notre étude souhaite rejoindre le réseau.');
    expect(mail.text).toContain('Téléphone : 06 12 34 56 78');
    const [stored] = await t.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ civility: 'MME', reason: 'notaire', email: 'claire.dubois@exemple.fr' });
  });

  it('sets the reply address to the sender, kept through the outbox, so the team answers with "Reply"', async () => {
    const res = await send({ ...VALID, email: '  Louis.Marchand@exemple.fr ' }, '10.4.0.1');
    expect(res.statusCode).toBe(200);
    expect(t.mails.at(-1)).toMatchObject({ to: 'contact@notadoo.test', replyTo: 'Louis.Marchand@exemple.fr' });
    const [queued] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(queued!.replyTo).toBe('Louis.Marchand@exemple.fr');
  });

  it('refuses an address carrying another header or a second address, and mails nothing', async () => {
    const before = t.mails.length;
    for (const [index, email] of [
      'claire@exemple.fr\r\nBcc: victime@exemple.fr',
      'claire@exemple.fr\nBcc: victime@exemple.fr',
      'claire@exemple.fr, victime@exemple.fr',
      'Claire <claire@exemple.fr>',
      '"claire\r\nbcc: v@exemple.fr"@exemple.fr',
    ].entries()) {
      const res = await send({ ...VALID, email }, `10.5.0.${index + 1}`);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().message, email).toBe("L'adresse email n'est pas valide.");
    }
    expect(t.mails.length).toBe(before);
  });

  it.each(Object.keys(VALID))('refuses a message without %s, with the spec message', async (field) => {
    for (const value of [undefined, '', '   ']) {
      const res = await send({ ...VALID, [field]: value }, `10.1.${field.length}.${String(value).length}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Erreur : tous les champs du formulaire sont requis.');
    }
  });

  it('refuses a reason outside the list, a civility outside the list, and inputs over 255 characters', async () => {
    const reason = await send({ ...VALID, reason: 'journaliste' }, '10.2.0.1');
    expect(reason.statusCode).toBe(400);
    expect(reason.json().message).toBe('Merci de choisir un motif de contact dans la liste.');
    expect((await send({ ...VALID, civility: 'DR' }, '10.2.0.2')).json().message).toBe('Merci de choisir une civilité dans la liste.');
    const long = await send({ ...VALID, lastName: 'x'.repeat(256) }, '10.2.0.3');
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Chaque champ est limité à 255 caractères.');
    expect((await send({ ...VALID, email: 'pas-une-adresse' }, '10.2.0.4')).json().message).toBe("L'adresse email n'est pas valide.");
    expect((await send({ ...VALID, phone: 'abc' }, '10.2.0.5')).statusCode).toBe(400);
  });

  it('rate limits one address', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await send(VALID, '10.3.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await send(VALID, '10.3.0.2')).statusCode).toBe(200);
  });
});
