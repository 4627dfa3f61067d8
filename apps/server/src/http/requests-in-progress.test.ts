import http from 'node:http';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerRequestsInProgressLimit } from './requests-in-progress';

/** A route whose answers wait until the test lets them go, one by one, recording which handlers started. */
async function limitedServer(limit: number) {
  const app = Fastify();
  await app.register(multipart);
  registerRequestsInProgressLimit(app, limit);
  const started: string[] = [];
  const holds = new Map<string, () => void>();
  const held = (name: string) => new Promise<void>((resolve) => holds.set(name, resolve));
  app.get<{ Params: { name: string } }>('/wait/:name', async (request) => {
    started.push(request.params.name);
    await held(request.params.name);
    return { name: request.params.name };
  });
  app.get('/fail', async () => {
    started.push('fail');
    throw new Error('échec');
  });
  app.get('/public/:name', { config: { access: 'public' } }, async () => {
    started.push('public');
    return {};
  });
  app.post('/upload', async (request) => {
    started.push('upload');
    await (await request.file())?.toBuffer();
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const release = (name: string) => holds.get(name)!();
  return { app, port, started, release };
}

function get(port: number, path: string): { answer: Promise<number>; request: http.ClientRequest } {
  // A connection of its own per request, as different clients have.
  const request = http.get({ host: '127.0.0.1', port, path, agent: false });
  const answer = new Promise<number>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  return { answer, request };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('requests in progress, limited', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('starts a request past the limit only once one in progress has answered, in order of arrival', async () => {
    const server = await limitedServer(2);
    app = server.app;
    const answers = ['a', 'b', 'c', 'd'].map((name) => get(server.port, `/wait/${name}`).answer);
    await settle();
    expect(server.started).toEqual(['a', 'b']);
    server.release('b');
    expect(await answers[1]).toBe(200);
    await settle();
    expect(server.started).toEqual(['a', 'b', 'c']);
    server.release('a');
    server.release('c');
    await settle();
    expect(server.started).toEqual(['a', 'b', 'c', 'd']);
    server.release('d');
    expect(await Promise.all(answers)).toEqual([200, 200, 200, 200]);
  });

  it('gives the place of a request that failed to the next one', async () => {
    const server = await limitedServer(1);
    app = server.app;
    const failing = get(server.port, '/fail').answer;
    const next = get(server.port, '/wait/b').answer;
    expect(await failing).toBe(500);
    await settle();
    expect(server.started).toEqual(['fail', 'b']);
    server.release('b');
    expect(await next).toBe(200);
  });

  it('forgets a request whose client left while it waited, and frees the place of one that left in progress', async () => {
    const server = await limitedServer(1);
    app = server.app;
    const first = get(server.port, '/wait/a');
    const gone = get(server.port, '/wait/gone');
    gone.answer.catch(() => undefined);
    await settle();
    gone.request.destroy();
    await settle();
    first.request.destroy();
    first.answer.catch(() => undefined);
    await settle();
    // The one that left while waiting never started; the place of the one that left in progress is free.
    const third = get(server.port, '/wait/c').answer;
    await settle();
    expect(server.started).toEqual(['a', 'c']);
    server.release('c');
    expect(await third).toBe(200);
  });

  it('does not make a route open without a token wait (sign-in has its own queue)', async () => {
    const server = await limitedServer(1);
    app = server.app;
    const first = get(server.port, '/wait/a').answer;
    await settle();
    expect(await get(server.port, '/public/x').answer).toBe(200);
    server.release('a');
    expect(await first).toBe(200);
  });

  it('does not make an upload, whose body its handler reads, wait or hold a place', async () => {
    const server = await limitedServer(1);
    app = server.app;
    const first = get(server.port, '/wait/a').answer;
    await settle();
    const body =
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nbonjour\r\n--b--\r\n';
    const upload = await fetch(`http://127.0.0.1:${server.port}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body,
    });
    expect(upload.status).toBe(200);
    server.release('a');
    expect(await first).toBe(200);
  });
});
