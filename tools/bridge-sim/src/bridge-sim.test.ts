import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeSim, type BridgeSim } from './bridge-sim';
import { searchCaseFiles, defaultCaseFiles } from './case-files';

const ORIGIN = 'http://127.0.0.1:3999';
const KEY = 'cle-de-test';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
const json = async (res: Response): Promise<any> => res.json();
const HEADERS = { 'X-Service-Key': KEY, 'X-User-Id': '42', Origin: ORIGIN };

/** A stand-in for the product's API serving one file. */
let fileServer: Server;
let fileUrl: string;
const FILE_BYTES = randomBytes(300_000);

beforeAll(async () => {
  fileServer = createServer((req, res) => {
    if (req.url === '/api/get_file/1/0/jeton') {
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(FILE_BYTES);
    } else {
      res.writeHead(403).end('{"message":"lien expiré"}');
    }
  });
  await new Promise<void>((resolve) => fileServer.listen(0, '127.0.0.1', resolve));
  fileUrl = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => fileServer.close(resolve)));

describe('bridge-sim', () => {
  let sim: BridgeSim;
  const start = async (mode: Parameters<typeof startBridgeSim>[0] = {}) => {
    sim = await startBridgeSim({ port: 0, serviceKey: KEY, allowedOrigins: [ORIGIN], ...mode });
    return sim;
  };
  afterEach(() => sim?.close());

  const send = (dossierId: string, fields: Record<string, string>, headers: Record<string, string> = HEADERS) =>
    fetch(`${sim.url}/interop/1.0/telecharger/dossier/${dossierId}`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    });

  it('answers the version call, with CORS for the allowed origin only', async () => {
    await start();
    const res = await fetch(`${sim.url}/interop/version`, { headers: HEADERS });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const other = await fetch(`${sim.url}/interop/version`, { headers: { ...HEADERS, Origin: 'http://ailleurs.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the browser preflight with the headers it needs, including private network access', async () => {
    await start();
    const res = await fetch(`${sim.url}/interop/1.0/recherche/dossiers/vente`, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-service-key,x-user-id',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(res.headers.get('access-control-allow-headers')).toContain('X-Service-Key');
    expect(res.headers.get('access-control-allow-headers')).toContain('X-User-Id');
    expect(res.headers.get('access-control-allow-private-network')).toBe('true');
    const refused = await fetch(`${sim.url}/interop/version`, { method: 'OPTIONS', headers: { Origin: 'http://ailleurs.example' } });
    expect(refused.status).toBe(403);
  });

  it('refuses a missing or wrong service key and a missing user id', async () => {
    await start();
    expect((await fetch(`${sim.url}/interop/version`, { headers: { ...HEADERS, 'X-Service-Key': 'autre' } })).status).toBe(403);
    expect((await fetch(`${sim.url}/interop/version`, { headers: { Origin: ORIGIN } })).status).toBe(403);
    const noUser = await fetch(`${sim.url}/interop/1.0/recherche/dossiers/vente`, { headers: { 'X-Service-Key': KEY } });
    expect(noUser.status).toBe(400);
    expect((await json(noUser)).message).toBe("Identifiant d'utilisateur absent ou invalide.");
  });

  it('searches its case files by title or reference, accents and case ignored', async () => {
    await start();
    const res = await fetch(`${sim.url}/interop/1.0/recherche/dossiers/${encodeURIComponent('lefevre')}`, { headers: HEADERS });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.resultats).toEqual([{ id: expect.any(String), intitule: 'Succession Lefèvre', identifiantMetier: expect.any(String) }]);
    const many = await json(await fetch(`${sim.url}/interop/1.0/recherche/dossiers/e`, { headers: HEADERS }));
    expect(many.resultats.length).toBeGreaterThan(30);
    expect(searchCaseFiles(defaultCaseFiles(), '  ')).toEqual([]);
  });

  it('downloads the file at the address it is given and stores it under the case file', async () => {
    await start();
    const res = await send('DOS-0001', { Adresse: `${fileUrl}/api/get_file/1/0/jeton`, NomFichier: 'Carte identité.pdf' });
    expect(res.status, await res.clone().text()).toBe(201);
    const stored = await readFile(path.join(sim.storageDir, 'DOS-0001', 'Carte identité.pdf'));
    expect(stored.equals(FILE_BYTES)).toBe(true);
    const state = await json(await fetch(`${sim.url}/_sim/etat`));
    expect(state.recus).toEqual([
      expect.objectContaining({
        dossierId: 'DOS-0001',
        nomFichier: 'Carte identité.pdf',
        utilisateur: '42',
        taille: FILE_BYTES.length,
        sha256: createHash('sha256').update(FILE_BYTES).digest('hex'),
      }),
    ]);
    const raw = await fetch(`${sim.url}/_sim/fichiers/DOS-0001/${encodeURIComponent('Carte identité.pdf')}`);
    expect(Buffer.from(await raw.arrayBuffer()).equals(FILE_BYTES)).toBe(true);
  });

  it('refuses addresses outside the loopback, unknown case files, missing fields and failed downloads', async () => {
    await start();
    const outside = await send('DOS-0001', { Adresse: 'http://exemple.fr/fichier.pdf', NomFichier: 'a.pdf' });
    expect(outside.status).toBe(400);
    expect((await send('DOS-0001', { Adresse: 'pas une adresse', NomFichier: 'a.pdf' })).status).toBe(400);
    expect((await send('DOS-0001', { Adresse: `${fileUrl}/api/get_file/1/0/jeton` })).status).toBe(400);
    expect((await send('INCONNU', { Adresse: `${fileUrl}/api/get_file/1/0/jeton`, NomFichier: 'a.pdf' })).status).toBe(404);
    const expired = await send('DOS-0001', { Adresse: `${fileUrl}/api/get_file/1/0/perime`, NomFichier: 'a.pdf' });
    expect(expired.status).toBe(502);
    // A name holding a path stays inside the case file's folder.
    expect((await send('DOS-0002', { Adresse: `${fileUrl}/api/get_file/1/0/jeton`, NomFichier: '../../evasion.pdf' })).status).toBe(201);
    expect((await readFile(path.join(sim.storageDir, 'DOS-0002', '.._.._evasion.pdf'))).length).toBe(FILE_BYTES.length);
    expect(sim.received()).toHaveLength(1);
  });

  it('asks for authorization with an Instance page whose button grants access', async () => {
    await start({ mode: 'autorisation' });
    expect((await fetch(`${sim.url}/interop/version`, { headers: HEADERS })).status).toBe(200);
    const refused = await fetch(`${sim.url}/interop/1.0/recherche/dossiers/vente`, { headers: HEADERS });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const { Instance } = await json(refused);
    expect(Instance).toBe(`${sim.url}/interop/autorisation?utilisateur=42`);
    const page = await (await fetch(Instance)).text();
    expect(page).toContain('<button type="submit">Autoriser l\'accès</button>');
    expect((await send('DOS-0001', { Adresse: `${fileUrl}/api/get_file/1/0/jeton`, NomFichier: 'a.pdf' })).status).toBe(401);

    const granted = await fetch(`${sim.url}/interop/autorisation`, { method: 'POST', body: new URLSearchParams({ utilisateur: '42' }) });
    expect(await granted.text()).toContain('postMessage');
    expect((await fetch(`${sim.url}/interop/1.0/recherche/dossiers/vente`, { headers: HEADERS })).status).toBe(200);
    // Another user still has to grant access.
    expect((await fetch(`${sim.url}/interop/1.0/recherche/dossiers/vente`, { headers: { ...HEADERS, 'X-User-Id': '7' } })).status).toBe(
      401,
    );
  });

  it('fails with 500 on search or on download in the error modes, and switches mode at run time', async () => {
    await start({ mode: 'erreur-recherche' });
    expect((await fetch(`${sim.url}/interop/1.0/recherche/dossiers/vente`, { headers: HEADERS })).status).toBe(500);
    expect((await send('DOS-0001', { Adresse: `${fileUrl}/api/get_file/1/0/jeton`, NomFichier: 'a.pdf' })).status).toBe(201);
    const switched = await fetch(`${sim.url}/_sim/mode`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'erreur-envoi' }),
    });
    expect(switched.status).toBe(200);
    expect((await fetch(`${sim.url}/interop/1.0/recherche/dossiers/vente`, { headers: HEADERS })).status).toBe(200);
    const failed = await send('DOS-0001', { Adresse: `${fileUrl}/api/get_file/1/0/jeton`, NomFichier: 'a.pdf' });
    expect(failed.status).toBe(500);
    expect(failed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(
      (
        await fetch(`${sim.url}/_sim/mode`, {
          method: 'PUT',
          body: JSON.stringify({ mode: 'panne' }),
          headers: { 'Content-Type': 'application/json' },
        })
      ).status,
    ).toBe(400);
  });
});
