import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { MessagePage, MessageView, ProjectPieces, ThreadList } from '@notadoo/domain';
import { MESSAGE_FILE_MESSAGES, MESSAGE_MAX_FILES, PROJECT_FILE_MESSAGES } from '@notadoo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectFileKey } from '../../files/storage/storage-keys';
import { multipartBody, PDF_BYTES, PNG_BYTES, type MultipartFile } from '../../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';

type Actor = { id: number; email: string; headers: Record<string, string> };

describe.each(BACKENDS)('messages inside a file on %s', (backend) => {
  let t: TestApp;
  let seller: Actor,
    buyer: Actor,
    notary: Actor,
    colleague: Actor,
    admin: Actor,
    stranger: Actor,
    planted: Actor,
    otherNotary: Actor,
    otherNotaryInside: Actor;
  let projectId: number, sellerPid: number, buyerPid: number, plantedPid: number;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { id: u.id, email: u.email, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a.headers, ...(payload ? { payload } : {}) });
  const post = async (a: Actor, thread: string, text: string, extra: object = {}) => {
    const res = await api(a, 'POST', `/project/${projectId}/threads/${thread}/messages`, { text, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MessageView>();
  };
  const page = async (a: Actor, thread: string, query = '') => {
    const res = await api(a, 'GET', `/project/${projectId}/threads/${thread}/messages${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MessagePage>();
  };
  const threads = async (a: Actor) => (await api(a, 'GET', `/project/${projectId}/threads`)).json<ThreadList>();
  /** Lets the minute pass and sends the due batches, as the pass of a running server would. */
  async function flushMails() {
    t.clock.advance(61_000);
    await t.app.messageMails.runNow();
    await t.app.mailOutbox.drain();
  }
  const messageMailsTo = (a: Actor) => t.mails.filter((m) => m.to === a.email && m.subject.includes('sur le dossier'));

  beforeAll(async () => {
    t = await buildTestApp(backend);
    seller = await actor({ firstName: 'Jeanne', lastName: 'Vendeuse' });
    buyer = await actor();
    stranger = await actor();
    admin = await actor({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    notary = await actor({ isNotary: true, notaryOfficeId: 1, firstName: 'Nicolas', lastName: 'Bernard' });
    colleague = await actor({ isNotary: true, notaryOfficeId: 1 });
    otherNotary = await actor({ isNotary: true, notaryOfficeId: 2 });
    projectId = (await api(seller, 'POST', '/project', { name: 'Vente maison', type: 'realty', subtype: 'house', role: 'seller' })).json()
      .id;
    // No office yet: nothing to talk in.
    expect((await threads(seller)).threads).toEqual([]);
    expect((await api(seller, 'GET', `/project/${projectId}/threads/everyone/messages`)).statusCode).toBe(409);
    expect((await api(seller, 'PATCH' as 'POST', `/project/${projectId}`, { office: 1 })).statusCode).toBe(200);
    await api(seller, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Bruno',
      lastName: 'Acheteur',
      email: buyer.email,
      role: 'buyer',
    });
    await t.acceptInvitation(buyer.email, 'Kq7#vLp2!xWr9');
    // Climbing from inside the file: the buyer plants a second account as a seller, and adds a notary of another office as a buyer.
    const plantedUser = await t.createUser();
    await api(buyer, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Faux',
      lastName: 'Vendeur',
      email: plantedUser.email,
      role: 'seller',
    });
    planted = {
      id: plantedUser.id,
      email: plantedUser.email,
      headers: bearer(await t.acceptInvitation(plantedUser.email, plantedUser.password)),
    };
    const otherInsideUser = await t.createUser({ isNotary: true, notaryOfficeId: 2 });
    await api(buyer, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Autre',
      lastName: 'Notaire',
      email: otherInsideUser.email,
      role: 'buyer',
    });
    otherNotaryInside = {
      id: otherInsideUser.id,
      email: otherInsideUser.email,
      headers: bearer(await t.acceptInvitation(otherInsideUser.email, otherInsideUser.password)),
    };
    const people = (await api(notary, 'GET', `/project/${projectId}`)).json().participants as Array<{
      id: number;
      user: { id: number } | null;
      email: string;
    }>;
    sellerPid = people.find((p) => p.email === seller.email)!.id;
    buyerPid = people.find((p) => p.email === buyer.email)!.id;
    plantedPid = people.find((p) => p.email === plantedUser.email)!.id;
  });
  afterAll(() => t.close());

  it('lists to each one the threads they may read', async () => {
    expect((await threads(seller)).threads.map((th) => th.key)).toEqual(['everyone', `private-${sellerPid}`]);
    expect((await threads(planted)).threads.map((th) => th.key)).toEqual(['everyone', `private-${plantedPid}`]);
    const office = (await threads(notary)).threads.map((th) => th.key);
    expect(office).toContain(`private-${sellerPid}`);
    expect(office).toContain('office');
    expect((await api(stranger, 'GET', `/project/${projectId}/threads`)).statusCode).toBe(403);
    expect((await api(otherNotary, 'GET', `/project/${projectId}/threads`)).statusCode).toBe(403);
  });

  it('keeps the private thread to its person, the chosen office and admins', async () => {
    const sent = await post(seller, `private-${sellerPid}`, 'Bonjour Maître, faut-il le diagnostic termites ?');
    expect(sent).toMatchObject({
      author: { name: 'Jeanne Vendeuse', side: 'person', isMe: true },
      withdrawn: false,
      readByOtherSideAt: null,
    });
    for (const reader of [seller, notary, colleague, admin])
      expect((await page(reader, `private-${sellerPid}`)).messages.map((m) => m.id)).toContain(sent.id);
    // The buyer, the account the buyer planted as a seller, a notary of another office inside the file, outsiders: refused, reading and writing.
    for (const intruder of [buyer, planted, otherNotaryInside, otherNotary, stranger]) {
      const read = await api(intruder, 'GET', `/project/${projectId}/threads/private-${sellerPid}/messages`);
      expect(read.statusCode, read.body).toBe(403);
      expect(read.json().message).toMatch(/droits|accès/);
      expect(
        (await api(intruder, 'POST', `/project/${projectId}/threads/private-${sellerPid}/messages`, { text: 'Intrus' })).statusCode,
      ).toBe(403);
      expect((await api(intruder, 'POST', `/project/${projectId}/threads/private-${sellerPid}/read`, { upTo: sent.id })).statusCode).toBe(
        403,
      );
    }
    // A thread of a person of another file, named from this one.
    expect((await api(seller, 'GET', `/project/${projectId}/threads/private-999999/messages`)).statusCode).toBe(403);
  });

  it('does not hand what the office wrote to a pending person to whoever accepts a changed address', async () => {
    // The seller adds a co-seller by e-mail; before they join, the office writes to them privately.
    const added = await api(seller, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Paul',
      lastName: 'Covendeur',
      email: 'paul.covendeur@exemple.fr',
      role: 'seller',
    });
    expect(added.statusCode, added.body).toBe(200);
    const pendingPid = (added.json().participants as Array<{ id: number; email: string }>).find(
      (p) => p.email === 'paul.covendeur@exemple.fr',
    )!.id;
    const secret = await post(notary, `private-${pendingPid}`, 'Monsieur Covendeur, votre offre de prêt nous est parvenue.');
    expect((await page(notary, `private-${pendingPid}`)).messages.map((m) => m.id)).toContain(secret.id);

    // The seller then points the invitation to an address of their own, and accepts it.
    const second = await t.createUser();
    const moved = await api(seller, 'PATCH' as 'POST', '/participant', {
      id: pendingPid,
      firstName: 'Paul',
      lastName: 'Covendeur',
      email: second.email,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const secondActor = { id: second.id, email: second.email, headers: bearer(await t.acceptInvitation(second.email, second.password)) };
    expect((await page(secondActor, `private-${pendingPid}`)).messages).toEqual([]);
    expect((await page(notary, `private-${pendingPid}`)).messages.map((m) => m.id)).not.toContain(secret.id);
  });

  it('opens the everyone-thread to whoever opens the file and the office-internal one to the office alone', async () => {
    const hello = await post(buyer, 'everyone', 'Bonjour à tous.');
    for (const reader of [seller, buyer, planted, otherNotaryInside, notary, admin])
      expect((await page(reader, 'everyone')).messages.map((m) => m.id)).toContain(hello.id);
    expect((await api(otherNotary, 'GET', `/project/${projectId}/threads/everyone/messages`)).statusCode).toBe(403);
    const internal = await post(notary, 'office', 'Dossier à surveiller.');
    expect((await page(colleague, 'office')).messages.map((m) => m.id)).toContain(internal.id);
    expect((await page(admin, 'office')).messages.map((m) => m.id)).toContain(internal.id);
    for (const outsider of [seller, buyer, planted, otherNotaryInside, otherNotary])
      expect((await api(outsider, 'GET', `/project/${projectId}/threads/office/messages`)).statusCode).toBe(403);
  });

  it('answers a piece: the message shows under it in the Pièces tab, to those who read its thread', async () => {
    const pieces = (await api(notary, 'GET', `/project/${projectId}/pieces`)).json<ProjectPieces>();
    const piece = pieces.requests.find((r) => r.participantId === sellerPid)!;
    expect(piece).toBeDefined();
    const answer = await post(seller, `private-${sellerPid}`, 'Je l’envoie la semaine prochaine.', { pieceRequestId: piece.id });
    expect(answer.pieceRequest).toEqual({ id: piece.id, label: piece.label });
    const seen = (await api(notary, 'GET', `/project/${projectId}/pieces`)).json<ProjectPieces>().requests.find((r) => r.id === piece.id)!;
    expect(seen.answers?.map((a) => a.text)).toContain('Je l’envoie la semaine prochaine.');
    // The buyer may not see the seller's pieces: neither answer them nor read the answers.
    const refused = await api(buyer, 'POST', `/project/${projectId}/threads/everyone/messages`, {
      text: 'Moi aussi.',
      pieceRequestId: piece.id,
    });
    expect(refused.statusCode).toBe(403);
    const buyerPieces = (await api(buyer, 'GET', `/project/${projectId}/pieces`)).json<ProjectPieces>();
    expect(JSON.stringify(buyerPieces)).not.toContain('semaine prochaine');
  });

  describe('files sent with a message', () => {
    const pdf = (name: string) => ({ field: 'file', name, content: PDF_BYTES, type: 'application/pdf' });
    const png = (name: string) => ({ field: 'file', name, content: PNG_BYTES, type: 'image/png' });
    const send = (a: Actor, thread: string, fields: Record<string, string>, files: MultipartFile[]) => {
      const body = multipartBody(fields, files);
      return t.app.inject({
        method: 'POST',
        url: `/api/project/${projectId}/threads/${thread}/attachment`,
        headers: { ...a.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const attachmentRows = async (messageId: number) =>
      (
        (await t.database.db.execute(
          sql`SELECT id, stored_name, size_bytes FROM message_attachments WHERE message_id = ${messageId} ORDER BY position`,
        )) as unknown as { rows: Array<{ id: number; stored_name: string }> }
      ).rows;
    /** Every message and stored file of the file's messages, to see a refused message left nothing. */
    const snapshot = async () => {
      const messages = (
        (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM messages WHERE project_id = ${projectId}`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n;
      const attachments = (
        (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM message_attachments`)) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n;
      // The local disk's storage: the file's folder, and the uploads' temporary folder (nothing left behind there either).
      const files = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).sort();
      return {
        messages,
        attachments,
        stored: await files(path.join(t.dataDir, 'files', 'projects', String(projectId))),
        temporary: await files(path.join(t.dataDir, 'tmp')),
      };
    };

    it('sends two files with one message, read back in order by the thread and by no one else', async () => {
      const res = await send(seller, `private-${sellerPid}`, { text: 'Voici le diagnostic et le plan.' }, [
        pdf('diagnostic.pdf'),
        png('plan.png'),
      ]);
      expect(res.statusCode, res.body).toBe(201);
      const message = res.json<MessageView>();
      expect(message.attachments.map((a) => [a.name, a.size])).toEqual([
        ['diagnostic.pdf', PDF_BYTES.length],
        ['plan.png', PNG_BYTES.length],
      ]);
      const [first, second] = message.attachments;
      // The page lists them too, to a permitted reader.
      expect((await page(notary, `private-${sellerPid}`)).messages.find((m) => m.id === message.id)!.attachments).toEqual(
        message.attachments,
      );
      const download = await api(notary, 'GET', `/message/${message.id}/attachments/${first!.id}`);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
      const image = await api(colleague, 'GET', `/message/${message.id}/attachments/${second!.id}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
      // Readers of other threads (the everyone-thread included), outsiders: refused.
      for (const intruder of [buyer, planted, otherNotaryInside, otherNotary, stranger]) {
        for (const attachment of message.attachments)
          expect((await api(intruder, 'GET', `/message/${message.id}/attachments/${attachment.id}`)).statusCode).toBe(403);
      }
      // An attachment asked through another message is not found, even by a reader of both.
      const other = await post(seller, `private-${sellerPid}`, 'Sans fichier.');
      expect(other.attachments).toEqual([]);
      const crossed = await api(notary, 'GET', `/message/${other.id}/attachments/${first!.id}`);
      expect(crossed.statusCode).toBe(404);
      expect(crossed.json().message).toBe("Ce message n'a pas cette pièce jointe.");
      expect((await api(notary, 'GET', `/message/${message.id}/attachments/abc`)).statusCode).toBe(400);
    });

    it('keeps accepting one file in the former form', async () => {
      const res = await send(buyer, 'everyone', { text: 'Un seul fichier.' }, [pdf('offre.pdf')]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<MessageView>().attachments.map((a) => a.name)).toEqual(['offre.pdf']);
    });

    it('refuses the whole message when one file of three is bad, keeping nothing', async () => {
      const before = await snapshot();
      const fake = await send(seller, `private-${sellerPid}`, { text: 'Trois fichiers.' }, [
        pdf('un.pdf'),
        { field: 'file', name: 'deux.pdf', content: Buffer.from('MZ pas un pdf du tout'), type: 'application/pdf' },
        pdf('trois.pdf'),
      ]);
      expect(fake.statusCode).toBe(400);
      expect(fake.json().message).toBe(PROJECT_FILE_MESSAGES.wrongType);
      // The bad one last, after two good ones were received.
      const last = await send(seller, `private-${sellerPid}`, { text: 'Trois fichiers.' }, [
        pdf('un.pdf'),
        pdf('deux.pdf'),
        { field: 'file', name: 'trois.pdf', content: Buffer.from('%PDF-1.4 coupé'), type: 'application/pdf' },
      ]);
      expect(last.statusCode).toBe(400);
      expect(last.json().message).toBe(PROJECT_FILE_MESSAGES.damagedPdf);
      // Good files, but the text is refused after them: nothing kept either.
      const noText = await send(seller, `private-${sellerPid}`, { text: '   ' }, [pdf('un.pdf'), pdf('deux.pdf')]);
      expect(noText.statusCode).toBe(400);
      // A piece the author may not answer is refused after the files were stored: they go again.
      const pieces = (await api(notary, 'GET', `/project/${projectId}/pieces`)).json<ProjectPieces>();
      const sellersPiece = pieces.requests.find((r) => r.participantId === sellerPid)!;
      const refused = await send(buyer, 'everyone', { text: 'Pour la pièce du vendeur.', pieceRequestId: String(sellersPiece.id) }, [
        pdf('un.pdf'),
        pdf('deux.pdf'),
      ]);
      expect(refused.statusCode).toBe(403);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses more than five files, in French, and a message without any', async () => {
      const before = await snapshot();
      const tooMany = await send(
        seller,
        `private-${sellerPid}`,
        { text: 'Six fichiers.' },
        ['1', '2', '3', '4', '5', '6'].map((n) => pdf(`f${n}.pdf`)),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe(MESSAGE_FILE_MESSAGES.tooMany);
      const wayTooMany = await send(
        seller,
        `private-${sellerPid}`,
        { text: 'Huit fichiers.' },
        ['1', '2', '3', '4', '5', '6', '7', '8'].map((n) => pdf(`f${n}.pdf`)),
      );
      expect(wayTooMany.statusCode).toBe(400);
      expect(wayTooMany.json().message).toBe(MESSAGE_FILE_MESSAGES.tooMany);
      const none = await send(seller, `private-${sellerPid}`, { text: 'Rien.' }, []);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(MESSAGE_FILE_MESSAGES.fileRequired);
      expect(await snapshot()).toEqual(before);
      // Five is the limit, not past it.
      const five = await send(
        seller,
        `private-${sellerPid}`,
        { text: 'Cinq fichiers.' },
        ['1', '2', '3', '4', '5'].map((n) => pdf(`f${n}.pdf`)),
      );
      expect(five.statusCode, five.body).toBe(201);
      expect(five.json<MessageView>().attachments).toHaveLength(MESSAGE_MAX_FILES);
    });

    it('checks the thread before the bytes and requires a text', async () => {
      expect((await send(seller, `private-${sellerPid}`, {}, [pdf('a.pdf')])).statusCode).toBe(400);
      expect((await send(buyer, `private-${sellerPid}`, { text: 'Intrus' }, [pdf('a.pdf')])).statusCode).toBe(403);
    });

    it('removes every file of a withdrawn message from the storage', async () => {
      const res = await send(seller, `private-${sellerPid}`, { text: 'À retirer.' }, [pdf('a.pdf'), png('b.png'), pdf('c.pdf')]);
      expect(res.statusCode, res.body).toBe(201);
      const message = res.json<MessageView>();
      const rows = await attachmentRows(message.id);
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(await t.storage.size(projectFileKey(projectId, row.stored_name))).toBeGreaterThan(0);
      const withdrawn = await api(seller, 'POST', `/message/${message.id}/withdraw`);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect(withdrawn.json<MessageView>().attachments).toEqual([]);
      for (const attachment of message.attachments)
        expect((await api(notary, 'GET', `/message/${message.id}/attachments/${attachment.id}`)).statusCode).toBe(404);
      expect(await attachmentRows(message.id)).toEqual([]);
      for (const row of rows) expect(await t.storage.size(projectFileKey(projectId, row.stored_name))).toBeUndefined();
    });
  });

  it('answers bad input with a French 4xx', async () => {
    const cases: Array<[string, string, object | undefined, number]> = [
      ['POST', `/project/${projectId}/threads/everyone/messages`, { text: '   ' }, 400],
      ['POST', `/project/${projectId}/threads/everyone/messages`, { text: 'a'.repeat(5001) }, 400],
      ['POST', `/project/${projectId}/threads/everyone/messages`, { text: 'ok', pieceRequestId: 'x' }, 400],
      ['POST', `/project/${projectId}/threads/everyone/messages`, { text: 'ok', pieceRequestId: 999999 }, 400],
      ['POST', `/project/${projectId}/threads/nimportequoi/messages`, { text: 'ok' }, 400],
      ['GET', `/project/${projectId}/threads/everyone/messages?before=abc`, undefined, 400],
      ['GET', `/project/${projectId}/threads/everyone/messages?limit=1000`, undefined, 400],
      ['POST', `/project/${projectId}/threads/everyone/read`, { upTo: 999999 }, 400],
      ['GET', '/project/999999/threads', undefined, 404],
      ['POST', '/message/999999/withdraw', undefined, 404],
    ];
    for (const [method, url, payload, status] of cases) {
      const res = await api(seller, method as 'GET', url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(/[a-zé]/);
    }
  });

  it('lets the author alone withdraw a message, within 5 minutes; the trace remains', async () => {
    const m = await post(seller, 'everyone', 'Mon numéro : 06 00 00 00 00');
    expect((await api(buyer, 'POST', `/message/${m.id}/withdraw`)).statusCode).toBe(403);
    expect((await api(notary, 'POST', `/message/${m.id}/withdraw`)).statusCode).toBe(403);
    const res = await api(seller, 'POST', `/message/${m.id}/withdraw`);
    expect(res.statusCode, res.body).toBe(200);
    const shown = (await page(buyer, 'everyone')).messages.find((x) => x.id === m.id)!;
    expect(shown).toMatchObject({ withdrawn: true, text: 'Message retiré' });
    expect(JSON.stringify(await page(notary, 'everyone'))).not.toContain('06 00 00 00 00');
    expect((await api(seller, 'POST', `/message/${m.id}/withdraw`)).statusCode).toBe(409);
    const late = await post(seller, 'everyone', 'Trop tard pour le retirer.');
    t.clock.advance(5 * 60_000 + 1000);
    const refused = await api(seller, 'POST', `/message/${late.id}/withdraw`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Un message ne peut être retiré que dans les 5 minutes qui suivent son envoi.');
    // A message of a thread the caller cannot read is not theirs to touch either.
    const privateOne = await post(notary, `private-${sellerPid}`, 'Réponse privée.');
    expect((await api(buyer, 'POST', `/message/${privateOne.id}/withdraw`)).statusCode).toBe(403);
  });

  it('shows read receipts both ways and counts the unread', async () => {
    await flushMails();
    const question = await post(seller, `private-${sellerPid}`, 'Quand signons-nous ?');
    const before = (await threads(notary)).threads.find((th) => th.key === `private-${sellerPid}`)!;
    expect(before.unread).toBeGreaterThan(0);
    expect((await threads(colleague)).threads.find((th) => th.key === `private-${sellerPid}`)!.unread).toBeGreaterThan(0);
    // The seller's own message is not unread for them.
    expect((await page(seller, `private-${sellerPid}`)).messages.find((m) => m.id === question.id)!.readByOtherSideAt).toBeNull();
    const after = await api(notary, 'POST', `/project/${projectId}/threads/private-${sellerPid}/read`, { upTo: question.id });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json<ThreadList>().threads.find((th) => th.key === `private-${sellerPid}`)!.unread).toBe(0);
    // Each reader has their own place: the colleague still has it unread; the seller sees the office read it.
    expect((await threads(colleague)).threads.find((th) => th.key === `private-${sellerPid}`)!.unread).toBeGreaterThan(0);
    const receipt = (await page(seller, `private-${sellerPid}`)).messages.find((m) => m.id === question.id)!;
    expect(receipt.readByOtherSideAt).toBe(t.clock.now().toISOString());
    // The other way: the office's answer, read by the seller.
    const answer = await post(notary, `private-${sellerPid}`, 'Le 12 décembre.');
    expect((await threads(seller)).threads.find((th) => th.key === `private-${sellerPid}`)!.unread).toBe(1);
    expect((await page(notary, `private-${sellerPid}`)).messages.find((m) => m.id === answer.id)!.readByOtherSideAt).toBeNull();
    await api(seller, 'POST', `/project/${projectId}/threads/private-${sellerPid}/read`, { upTo: answer.id });
    expect((await page(notary, `private-${sellerPid}`)).messages.find((m) => m.id === answer.id)!.readByOtherSideAt).not.toBeNull();
    expect((await threads(seller)).unread).toBeGreaterThanOrEqual(0);
    expect((await threads(seller)).threads.find((th) => th.key === `private-${sellerPid}`)!.unread).toBe(0);
    // Reading never goes back: an older mark leaves the place where it is.
    await api(seller, 'POST', `/project/${projectId}/threads/private-${sellerPid}/read`, { upTo: question.id });
    expect((await threads(seller)).threads.find((th) => th.key === `private-${sellerPid}`)!.unread).toBe(0);
  });

  it('counts the unread messages of each file for the dashboard, leaving out the files one cannot open', async () => {
    const other = (
      await api(stranger, 'POST', '/project', { name: 'Autre dossier', type: 'realty', subtype: 'land', role: 'buyer' })
    ).json().id as number;
    await post(notary, `private-${sellerPid}`, 'Pour le tableau de bord.');
    const counts = async (a: Actor) => {
      const res = await api(a, 'GET', `/messages/unread?ids=${projectId},${other},999999`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ files: Array<{ projectId: number; unread: number }> }>().files;
    };
    const mine = await counts(seller);
    expect(mine.map((f) => f.projectId)).toEqual([projectId]);
    expect(mine[0]!.unread).toBe((await threads(seller)).unread);
    // The stranger's own file has nothing unread; this one is not theirs to count.
    expect(await counts(stranger)).toEqual([]);
    expect(await counts(otherNotary)).toEqual([]);
    for (const bad of ['', 'abc', '1,,2', '-1', Array.from({ length: 150 }, (_v, i) => i + 1).join(',')])
      expect((await api(seller, 'GET', `/messages/unread?ids=${bad}`)).statusCode, bad).toBe(400);
  });

  it('lists the files with unread messages first, newest first, in pages', async () => {
    const files = async (a: Actor, query = '') => {
      const res = await api(a, 'GET', `/messages/unread-files${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ files: Array<{ project: { id: number; name: string }; unread: number }>; next: string | null }>();
    };
    // A second file of the office, with a newer message for the notary.
    const second = (await api(buyer, 'POST', '/project', { name: 'Achat terrain', type: 'realty', subtype: 'land', role: 'buyer' })).json()
      .id as number;
    expect((await api(buyer, 'PATCH' as 'POST', `/project/${second}`, { office: 1 })).statusCode).toBe(200);
    await post(seller, 'everyone', 'Un message plus ancien.');
    t.clock.advance(1000);
    const newer = await api(buyer, 'POST', `/project/${second}/threads/everyone/messages`, { text: 'Question sur le terrain.' });
    expect(newer.statusCode).toBe(201);
    const firstPage = await files(notary, '?limit=1');
    expect(firstPage.files.map((f) => f.project.id)).toEqual([second]);
    expect(firstPage.files[0]!.unread).toBe(1);
    expect(firstPage.next).not.toBeNull();
    const secondPage = await files(notary, `?limit=1&after=${firstPage.next}`);
    expect(secondPage.files.map((f) => f.project.id)).toEqual([projectId]);
    // The seller sees only their file; the buyer's own message is not unread for them; outsiders have nothing.
    expect((await files(seller)).files.map((f) => f.project.id)).toEqual([projectId]);
    expect((await files(buyer)).files.map((f) => f.project.id)).not.toContain(second);
    expect((await files(stranger)).files).toEqual([]);
    expect((await files(otherNotary)).files).toEqual([]);
    expect((await api(notary, 'GET', '/messages/unread-files?after=abc')).statusCode).toBe(400);
  });

  it('batches the mails by recipient and file, says nothing of the content, and spares who is on the page', async () => {
    await flushMails();
    t.mails.length = 0;
    await post(notary, `private-${sellerPid}`, 'Premier <b>secret</b> : le prix.');
    t.clock.advance(10_000);
    await post(notary, `private-${sellerPid}`, 'Deuxième message.');
    t.clock.advance(10_000);
    await post(colleague, `private-${sellerPid}`, 'Troisième message.');
    await t.app.messageMails.runNow();
    await t.app.mailOutbox.drain();
    expect(messageMailsTo(seller)).toHaveLength(0); // not a minute yet
    await flushMails();
    const mails = messageMailsTo(seller);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Nouveaux messages sur le dossier « Vente maison »');
    expect(mails[0]!.text).toContain('3 nouveaux messages');
    expect(mails[0]!.link).toContain(`/project/${projectId}/dashboard`);
    expect(mails[0]!.text + mails[0]!.html).not.toContain('secret');
    // Nobody else heard of a private thread.
    for (const other of [buyer, planted, otherNotaryInside, stranger]) expect(messageMailsTo(other)).toHaveLength(0);
    // The office heard nothing of its own messages.
    expect(messageMailsTo(notary)).toHaveLength(0);
    expect(messageMailsTo(colleague)).toHaveLength(0);

    // The seller is on the page (the web marks the thread read as messages come): no mail.
    t.mails.length = 0;
    const last = (await page(seller, `private-${sellerPid}`)).messages[0]!;
    await api(seller, 'POST', `/project/${projectId}/threads/private-${sellerPid}/read`, { upTo: last.id });
    const quick = await post(notary, `private-${sellerPid}`, 'Vous êtes là ?');
    await api(seller, 'POST', `/project/${projectId}/threads/private-${sellerPid}/read`, { upTo: quick.id });
    await flushMails();
    expect(messageMailsTo(seller)).toHaveLength(0);

    // A person away who reads before the minute is over gets no mail either; the office members do for the seller's question.
    t.clock.advance(60_000);
    const q = await post(seller, `private-${sellerPid}`, 'Une question.');
    await api(colleague, 'POST', `/project/${projectId}/threads/private-${sellerPid}/read`, { upTo: q.id });
    await flushMails();
    expect(messageMailsTo(notary)).toHaveLength(1);
    expect(messageMailsTo(colleague)).toHaveLength(0);
    expect(messageMailsTo(notary)[0]!.text).not.toContain('Une question');
  });

  it('mails every person of the file for the everyone-thread, the office members included, once per file', async () => {
    await flushMails();
    t.mails.length = 0;
    await post(buyer, 'everyone', 'Rendez-vous confirmé.');
    await post(buyer, 'everyone', 'À jeudi.');
    await flushMails();
    for (const reader of [seller, planted, otherNotaryInside, notary, colleague])
      expect(messageMailsTo(reader), reader.email).toHaveLength(1);
    expect(messageMailsTo(buyer)).toHaveLength(0);
    expect(messageMailsTo(admin)).toHaveLength(0);
  });

  it("mails the account's address of the moment the mail leaves, not the one it had when the batch opened", async () => {
    await flushMails();
    t.mails.length = 0;
    await post(notary, `private-${sellerPid}`, 'Votre acte est prêt.');
    // The seller changes their address within the minute: the former one is no longer theirs.
    const moved = `nouvelle-${seller.email}`;
    await t.database.db.execute(sql`UPDATE users SET email = ${moved} WHERE id = ${seller.id}`);
    try {
      await flushMails();
      expect(t.mails.filter((m) => m.subject.includes('sur le dossier')).map((m) => m.to)).toEqual([moved]);
    } finally {
      await t.database.db.execute(sql`UPDATE users SET email = ${seller.email} WHERE id = ${seller.id}`);
    }
  });

  it('pages a thread in SQL, newest first, keyset on (created_at, id)', async () => {
    for (let i = 0; i < 35; i += 1) await post(buyer, `private-${buyerPid}`, `Message ${i}`);
    const first = await page(buyer, `private-${buyerPid}`);
    expect(first.messages).toHaveLength(30);
    expect(first.messages[0]!.text).toBe('Message 34');
    expect(first.before).not.toBeNull();
    const second = await page(buyer, `private-${buyerPid}`, `?before=${first.before}`);
    expect(second.messages.map((m) => m.text)).toEqual(['Message 4', 'Message 3', 'Message 2', 'Message 1', 'Message 0']);
    expect(second.before).toBeNull();
    const small = await page(buyer, `private-${buyerPid}`, '?limit=2');
    expect(small.messages.map((m) => m.text)).toEqual(['Message 34', 'Message 33']);
  });
});
