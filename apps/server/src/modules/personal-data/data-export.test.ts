import { and, eq } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PDF_BYTES, PNG_BYTES } from '../../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../../test/test-app';
import { dataExports, documents } from '../../db/schema';

type Actor = { id: number; email: string; password: string; headers: Record<string, string> };
const DAY_MS = 86_400_000;

describe.each(BACKENDS)('copy of a person’s data on %s', (backend) => {
  let t: TestApp;
  let seller: Actor, buyer: Actor, stranger: Actor;
  let projectId: number;
  let storedPdf: string, storedPng: string;

  async function actor(overrides: Parameters<TestApp['createUser']>[0] = {}): Promise<Actor> {
    const u = await t.createUser(overrides);
    return { ...u, headers: bearer(await t.tokenFor(u.email, u.password)) };
  }
  const api = (a: Actor | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: a?.headers ?? {}, ...(payload ? { payload } : {}) });

  async function upload(a: Actor, docId: number, file: { name: string; content: Buffer; type: string }): Promise<string> {
    const body = multipartBody({ id: String(docId) }, { field: 'file', ...file });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/project/${projectId}/addfile`,
      headers: { ...a.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const drawer = res
      .json()
      .documents.flatMap((d: { document_files: Array<{ id: number; files: string[] }> }) => d.document_files)
      .find((f: { id: number }) => f.id === docId);
    return drawer.files.at(-1);
  }

  async function download(a: Actor, exportId: number) {
    const link = await api(a, 'POST', `/users/me/data-exports/${exportId}/link`, {});
    expect(link.statusCode, link.body).toBe(200);
    return t.app.inject({ method: 'GET', url: link.json().url });
  }

  beforeAll(async () => {
    t = await buildTestApp(backend);
    seller = await actor({ firstName: 'Jeanne', lastName: 'Durand' });
    buyer = await actor({ firstName: 'Bruno', lastName: 'Acheteur' });
    stranger = await actor();
    projectId = (
      await api(seller, 'POST', '/project', { name: 'Maison des Lilas', type: 'realty', subtype: 'house', role: 'seller' })
    ).json().id;
    await api(seller, 'PATCH', `/project/${projectId}`, { office: 1 });
    const project = (
      await api(seller, 'POST', `/project/${projectId}/addperson`, {
        firstName: 'Bruno',
        lastName: 'Acheteur',
        email: buyer.email,
        role: 'buyer',
      })
    ).json();
    await t.acceptInvitation(buyer.email, buyer.password);
    const sellerPid = project.participants.find((p: { user: { id: number } | null }) => p.user?.id === seller.id).id;

    // The seller answers her civil status, sends two files and writes a message; the buyer answers his.
    const [civil] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.participantId, sellerPid), eq(documents.docType, 'document_civil_statuses')));
    const saved = await api(seller, 'PATCH', '/document', {
      docType: 'document_civil_status',
      document: { id: civil!.id, version: 1, last_name: 'Durand', first_name: 'Jeanne; =1+2', civility: 'MME' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const drawerRes = await api(seller, 'POST', '/participant/adddocument', {
      projectId,
      docType: 'document_files',
      docFileType: 'identity_card',
      participantId: sellerPid,
    });
    const drawerId = drawerRes
      .json()
      .documents.flatMap((d: { document_files: Array<{ id: number }> }) => d.document_files)
      .at(-1).id;
    storedPdf = await upload(seller, drawerId, { name: 'carte identité.pdf', content: PDF_BYTES, type: 'application/pdf' });
    storedPng = await upload(seller, drawerId, { name: 'verso.png', content: PNG_BYTES, type: 'image/png' });
    expect(
      (await api(seller, 'POST', `/project/${projectId}/threads/everyone/messages`, { text: 'Bonjour, voici mes pièces.' })).statusCode,
    ).toBe(201);
    expect(
      (await api(buyer, 'POST', `/project/${projectId}/threads/everyone/messages`, { text: 'Message de l’acheteur' })).statusCode,
    ).toBe(201);
    // The buyer answers his own civil status: an entry of the file's history that is not the seller's.
    buyer.headers = bearer(await t.tokenFor(buyer.email, buyer.password));
    const buyerPid = project.participants.find((p: { email: string | null }) => p.email === buyer.email).id;
    const [buyerCivil] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.participantId, buyerPid), eq(documents.docType, 'document_civil_statuses')));
    const buyerSaved = await api(buyer, 'PATCH', '/document', {
      docType: 'document_civil_status',
      document: { id: buyerCivil!.id, version: 1, last_name: 'Acheteur', first_name: 'Bruno' },
    });
    expect(buyerSaved.statusCode, buyerSaved.body).toBe(200);
  });
  afterAll(() => t.close());

  it('builds the ZIP in the background with what was saved: account, files, questionnaires as JSON and CSV, sent files, messages; nothing of others', async () => {
    const asked = await api(seller, 'POST', '/users/me/data-exports', {});
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ state: 'pending', progress: 0, expiresAt: null });
    const id = asked.json().id as number;
    // One copy under way at a time.
    const again = await api(seller, 'POST', '/users/me/data-exports', {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/déjà en préparation/);
    // Not ready yet: no link.
    expect((await api(seller, 'POST', `/users/me/data-exports/${id}/link`, {})).statusCode).toBe(409);

    expect(await t.app.dataExports.runOnce()).toMatchObject({ built: 1, failed: 0 });
    const ready = await api(seller, 'GET', `/users/me/data-exports/${id}`);
    expect(ready.json()).toMatchObject({ id, state: 'ready', progress: 100 });
    expect(new Date(ready.json().expiresAt).getTime() - t.clock.now().getTime()).toBe(7 * DAY_MS);
    expect((await api(seller, 'GET', '/users/me/data-exports')).json().map((e: { id: number }) => e.id)).toEqual([id]);
    const mail = t.mails.find((m) => m.to === seller.email && m.subject === 'La copie de vos données est prête');
    expect(mail?.link).toBe('http://app.test/profile#mes-donnees');

    const res = await download(seller, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mes-donnees-notadoo-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(zip).sort();

    const account = JSON.parse(strFromU8(zip['compte.json']!));
    expect(account).toMatchObject({ id: seller.id, email: seller.email, prenom: 'Jeanne', nom: 'Durand' });
    expect(JSON.stringify(account)).not.toMatch(/argon|password|motdepasse/i);

    const files = JSON.parse(strFromU8(zip['dossiers.json']!));
    expect(files).toEqual([
      expect.objectContaining({ dossier: projectId, nom: 'Maison des Lilas', role: expect.any(String), createur: true, office: 'Paris' }),
    ]);

    const civilJson = names.find((n) => /^questionnaires\/dossier-\d+-document_civil_statuses-\d+\.json$/.test(n))!;
    expect(JSON.parse(strFromU8(zip[civilJson]!)).reponses).toEqual({ last_name: 'Durand', first_name: 'Jeanne; =1+2', civility: 'MME' });
    const csvBytes = zip[civilJson.replace(/\.json$/, '.csv')]!;
    // UTF-8 with its byte-order mark, for a French spreadsheet (the decoder drops the mark).
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = strFromU8(csvBytes);
    expect(csv.startsWith('Étape;Question;Champ;Réponse\r\n')).toBe(true);
    expect(csv).toContain(';Nom de naissance;Durand');
    // A value with a separator is quoted, a formula neutralised.
    expect(csv).toContain(';Prénoms;"Jeanne; \'=1+2"');
    // The sale questionnaire is shared by the sellers: the creator's role is confirmed, so it is hers too.
    expect(names.some((n) => /document_sale_houses/.test(n))).toBe(true);
    // The buyer's civil status is not hers.
    expect(names.filter((n) => n.includes('document_civil_statuses'))).toHaveLength(2);

    // The files she sent, byte for byte.
    expect(Buffer.from(zip[`fichiers/dossier-${projectId}/${storedPdf}`]!)).toEqual(PDF_BYTES);
    expect(Buffer.from(zip[`fichiers/dossier-${projectId}/${storedPng}`]!)).toEqual(PNG_BYTES);
    expect(names.filter((n) => n.startsWith('fichiers/'))).toHaveLength(2);

    const messages = JSON.parse(strFromU8(zip['messages.json']!));
    expect(messages).toEqual([
      expect.objectContaining({ dossier: projectId, conversation: 'everyone', texte: 'Bonjour, voici mes pièces.' }),
    ]);
    expect(names).toContain('LISEZMOI.txt');

    // Her history: her sign-ins (the account's chain), and the file's entries about her answers and pieces, as JSON and CSV.
    type Entry = {
      n: number;
      date: string;
      evenement: string;
      type: string;
      personne: string;
      adresseIp: string | null;
      navigateur: string | null;
      detail: string;
    };
    const own = JSON.parse(strFromU8(zip['historique/compte.json']!)) as Entry[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((e) => e.type === 'sign_in' && e.personne === 'Jeanne Durand' && e.evenement === 'Connexion')).toBe(true);
    expect(own[0]!.adresseIp).toBeTruthy();
    const inFile = JSON.parse(strFromU8(zip[`historique/dossier-${projectId}.json`]!)) as Entry[];
    // Newest first, like the tab.
    expect(inFile.map((e) => e.n)).toEqual([...inFile.map((e) => e.n)].sort((a, b) => b - a));
    expect(inFile.map((e) => e.type)).toEqual(expect.arrayContaining(['answers_changed', 'piece_sent']));
    expect(inFile.find((e) => e.type === 'answers_changed' && e.detail.includes('Jeanne; =1+2'))).toMatchObject({
      personne: 'Jeanne Durand',
      evenement: 'Réponses modifiées',
    });
    // Nothing of the buyer's: neither his answers nor his sign-ins.
    const everything = JSON.stringify(inFile) + JSON.stringify(own) + strFromU8(zip[`historique/dossier-${projectId}.csv`]!);
    expect(everything).not.toMatch(/Bruno|Acheteur/);
    expect(inFile.some((e) => e.type === 'sign_in')).toBe(false);
    const historyCsv = zip[`historique/dossier-${projectId}.csv`]!;
    expect([...historyCsv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const historyLines = strFromU8(historyCsv).split('\r\n').filter(Boolean);
    expect(historyLines[0]).toBe('N°;Date (heure de Paris);Événement;Personne;Adresse IP;Navigateur;Détail');
    expect(historyLines).toHaveLength(inFile.length + 1);
    expect(historyLines.some((l) => l.includes('Réponses modifiées;Jeanne Durand;'))).toBe(true);
    expect(strFromU8(zip['historique/compte.csv']!).split('\r\n').filter(Boolean)).toHaveLength(own.length + 1);
    expect(names.filter((n) => n.startsWith('historique/')).sort()).toEqual([
      'historique/compte.csv',
      'historique/compte.json',
      `historique/dossier-${projectId}.csv`,
      `historique/dossier-${projectId}.json`,
    ]);
  });

  it('opens the download only to its owner, through a link of minutes, and not after a password change or the expiry', async () => {
    const [row] = await t.database.db.select().from(dataExports).where(eq(dataExports.userId, seller.id));
    const id = row!.id;
    // Another person: neither its state, nor a link, nor a download with the owner's link id.
    expect((await api(stranger, 'GET', `/users/me/data-exports/${id}`)).statusCode).toBe(404);
    expect((await api(stranger, 'POST', `/users/me/data-exports/${id}/link`, {})).statusCode).toBe(404);
    expect((await api(null, 'GET', `/users/me/data-exports/${id}`)).statusCode).toBe(401);
    const link = (await api(seller, 'POST', `/users/me/data-exports/${id}/link`, {})).json().url as string;
    // The token names the copy: another id with it is refused.
    const forged = await t.app.inject({ method: 'GET', url: link.replace(`/data-export/${id}/`, `/data-export/${id + 1}/`) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/invalide ou a expiré/);
    expect((await t.app.inject({ method: 'GET', url: `/api/data-export/${id}/pas-un-jeton` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/data-export/abc/pas-un-jeton' })).statusCode).toBe(400);
    // The link itself lives 5 minutes.
    t.clock.advance(6 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(403);
    // A password change (a stolen session's owner taking it back) voids the links issued before it.
    const before = (await api(seller, 'POST', `/users/me/data-exports/${id}/link`, {})).json().url as string;
    const changed = await api(seller, 'PATCH', `/users/${seller.id}`, {
      password: seller.password,
      passwordNew: 'Nouveau2026',
      passwordNewConfirm: 'Nouveau2026',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    seller.password = 'Nouveau2026';
    seller.headers = bearer(changed.json().token);
    expect((await t.app.inject({ method: 'GET', url: before })).statusCode).toBe(403);
    expect((await download(seller, id)).statusCode).toBe(200);

    // After 7 days the copy expires: its ZIP leaves the storage at the next pass.
    t.clock.advance(7 * DAY_MS);
    seller.headers = bearer(await t.tokenFor(seller.email, seller.password));
    expect((await api(seller, 'POST', `/users/me/data-exports/${id}/link`, {})).statusCode).toBe(409);
    expect((await t.app.dataExports.runOnce()).expired).toBe(1);
    const [expired] = await t.database.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(expired).toMatchObject({ state: 'expired', storedName: null });
    expect(await t.storage.size(`files/exports/${seller.id}/${row!.storedName}` as never)).toBeUndefined();
    expect((await api(seller, 'GET', `/users/me/data-exports/${id}`)).json()).toMatchObject({ state: 'expired', expiresAt: null });
  });

  it('lets two processes build each copy once: a claim is taken by one, and a claim whose builder died is taken over', async () => {
    // Sessions of a week ago have expired.
    for (const a of [buyer, stranger]) a.headers = bearer(await t.tokenFor(a.email, a.password));
    const first = (await api(buyer, 'POST', '/users/me/data-exports', {})).json().id as number;
    const second = (await api(stranger, 'POST', '/users/me/data-exports', {})).json().id as number;
    const [a, b] = await Promise.all([t.app.dataExports.runOnce(), t.app.dataExports.runOnce()]);
    expect(a.built + b.built).toBe(2);
    const rows = await t.database.db.select().from(dataExports);
    expect(rows.filter((r) => r.id === first || r.id === second).map((r) => [r.state, r.attempts])).toEqual([
      ['ready', 1],
      ['ready', 1],
    ]);
    // A copy left "running" by a process that died is built again after its lease.
    const third = (await api(stranger, 'POST', '/users/me/data-exports', {})).json().id as number;
    await t.database.db
      .update(dataExports)
      .set({ state: 'running', lockToken: 'mort', lockedUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(dataExports.id, third));
    expect((await t.app.dataExports.runOnce()).built).toBe(0);
    t.clock.advance(2 * 60_000);
    expect((await t.app.dataExports.runOnce()).built).toBe(1);
    const buyerZip = unzipSync(new Uint8Array((await download(buyer, first)).rawPayload));
    // The buyer's copy holds his message and his civil status, not the seller's.
    expect(JSON.parse(strFromU8(buyerZip['messages.json']!))).toEqual([expect.objectContaining({ texte: 'Message de l’acheteur' })]);
    expect(Object.keys(buyerZip).filter((n) => n.startsWith('fichiers/'))).toEqual([]);
    // His history: his answers, not the seller's (her answers, her pieces, her sign-ins).
    const buyerHistory = JSON.parse(strFromU8(buyerZip[`historique/dossier-${projectId}.json`]!)) as Array<{
      type: string;
      personne: string;
      adresseIp: string | null;
      detail: string;
    }>;
    expect(buyerHistory.find((e) => e.type === 'answers_changed')).toMatchObject({ personne: 'Bruno Acheteur', adresseIp: '127.0.0.1' });
    // The seller adding him is about him: it shows, without her address (the tab's rule).
    expect(buyerHistory.find((e) => e.type === 'person_added')).toMatchObject({ personne: 'Jeanne Durand', adresseIp: null });
    expect(JSON.stringify(buyerHistory)).not.toMatch(/=1\+2|carte identité|sign_in/);
    expect(strFromU8(buyerZip['historique/compte.json']!)).not.toContain('Jeanne');
  });

  it('gives a "seller" the buyer added nothing of the real seller’s shared sale questionnaire and one alone in a role its questionnaire (the domain’s sharedQuestionnairePeople)', async () => {
    for (const a of [seller, buyer]) a.headers = bearer(await t.tokenFor(a.email, a.password));
    const sale = async () =>
      (
        await t.database.db
          .select()
          .from(documents)
          .where(and(eq(documents.projectId, projectId), eq(documents.docType, 'document_sale_houses')))
      )[0]!;
    const saveSale = async (price: string) => {
      const doc = await sale();
      const res = await api(seller, 'PATCH', '/document', {
        docType: 'document_sale_house',
        document: { id: doc.id, version: doc.version, price_q0_amount: price },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await saveSale('Prix-avant-4242');
    const fake = await actor({ firstName: 'Faux', lastName: 'Vendeur' });
    const added = await api(buyer, 'POST', `/project/${projectId}/addperson`, {
      firstName: 'Faux',
      lastName: 'Vendeur',
      email: fake.email,
      role: 'seller',
    });
    expect(added.statusCode, added.body).toBe(200);
    await t.acceptInvitation(fake.email, fake.password);
    fake.headers = bearer(await t.tokenFor(fake.email, fake.password));
    await saveSale('Prix-apres-4242');

    const id = (await api(fake, 'POST', '/users/me/data-exports', {})).json().id as number;
    expect((await t.app.dataExports.runOnce()).built).toBe(1);
    const zip = unzipSync(new Uint8Array((await download(fake, id)).rawPayload));
    const names = Object.keys(zip);
    expect(names.filter((n) => n.includes('document_sale_houses'))).toEqual([]);
    const everything = names.map((n) => strFromU8(zip[n]!)).join('\n');
    expect(everything).not.toMatch(/4242/);

    // Alone in the role of another file, unconfirmed, he shares its sale questionnaire: his answers are in his copy.
    const otherId = (
      await api(buyer, 'POST', '/project', { name: 'Maison des Roses', type: 'realty', subtype: 'house', role: 'buyer' })
    ).json().id as number;
    expect(
      (
        await api(buyer, 'POST', `/project/${otherId}/addperson`, {
          firstName: 'Faux',
          lastName: 'Vendeur',
          email: fake.email,
          role: 'seller',
        })
      ).statusCode,
    ).toBe(200);
    fake.headers = bearer(await t.acceptInvitation(fake.email, fake.password));
    const [otherSale] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.projectId, otherId), eq(documents.docType, 'document_sale_houses')));
    const own = await api(fake, 'PATCH', '/document', {
      docType: 'document_sale_house',
      document: { id: otherSale!.id, version: otherSale!.version, price_q0_amount: 'Prix-seul-777' },
    });
    expect(own.statusCode, own.body).toBe(200);
    const second = (await api(fake, 'POST', '/users/me/data-exports', {})).json().id as number;
    expect((await t.app.dataExports.runOnce()).built).toBe(1);
    const secondZip = unzipSync(new Uint8Array((await download(fake, second)).rawPayload));
    const sales = Object.keys(secondZip).filter((n) => n.includes('document_sale_houses') && n.endsWith('.json'));
    expect(sales).toEqual([`questionnaires/dossier-${otherId}-document_sale_houses-${otherSale!.id}.json`]);
    expect(JSON.parse(strFromU8(secondZip[sales[0]!]!)).reponses).toMatchObject({ price_q0_amount: 'Prix-seul-777' });
  });
});
