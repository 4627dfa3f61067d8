import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { resetPasswordMail } from './templates';

describe('mailer over SMTP', () => {
  const received: Array<{ from: string; to: string[]; raw: string }> = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('delivers a real message to a local SMTP server, which reads it back', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Notadoo <no-reply@notadoo.fr>',
      mailDir: '/nonexistent',
      log: { info: () => undefined },
    });
    await mailer.send(resetPasswordMail('lea@exemple.fr', 'Léa', 'http://localhost:3000/reset/password/abc123'));
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@notadoo.fr');
    expect(mail.to).toEqual(['lea@exemple.fr']);
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?\w\?.+\?=$/m); // encoded French subject
    expect(mail.raw).toContain('http://localhost:3000/reset/password/abc123');
  });
});

describe('mailer without SMTP', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'notadoo-mail-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes each message as a .eml file and logs one line with its subject and link', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Notadoo <no-reply@notadoo.fr>',
      mailDir: dir,
      log: { info: (l) => lines.push(l) },
      logLinks: true,
    });
    await mailer.send(resetPasswordMail('paul@exemple.fr', 'Paul', 'http://localhost:3000/reset/password/xyz'));
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/paul-exemple-fr\.eml$/);
    const raw = await readFile(path.join(dir, files[0]!), 'utf8');
    expect(raw).toContain('To: paul@exemple.fr');
    expect(raw).toContain('http://localhost:3000/reset/password/xyz');
    expect(lines).toEqual([expect.stringContaining('Réinitialisation de votre mot de passe')]);
    expect(lines[0]).toContain('http://localhost:3000/reset/password/xyz');
  });

  it('writes a Reply-To header when the message has a reply address, and none otherwise', async () => {
    const replyDir = await mkdtemp(path.join(tmpdir(), 'notadoo-mail-reply-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Notadoo <no-reply@notadoo.fr>',
      mailDir: replyDir,
      log: { info: () => undefined },
    });
    await mailer.send({
      to: 'contact@notadoo.fr',
      subject: 'Contact',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
      replyTo: 'claire.dubois@exemple.fr',
    });
    await mailer.send({ to: 'paul@exemple.fr', subject: 'Sans réponse', text: 'Bonjour', html: '<p>Bonjour</p>' });
    const [withReply, without] = await Promise.all(
      (await readdir(replyDir)).sort().map((file) => readFile(path.join(replyDir, file), 'utf8')),
    );
    const contact = [withReply, without].find((raw) => raw!.includes('To: contact@notadoo.fr'))!;
    const other = [withReply, without].find((raw) => raw!.includes('To: paul@exemple.fr'))!;
    expect(contact).toMatch(/^Reply-To: claire\.dubois@exemple\.fr\r?$/m);
    expect(other).not.toMatch(/^Reply-To:/m);
    await rm(replyDir, { recursive: true, force: true });
  });
});
