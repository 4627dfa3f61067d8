import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { registerAnswerCheck } from './answer-check';
import { ANSWER_HEADERS, errorAnswers, fileAnswer, jsonAnswer, plainJsonSerializer } from './answers';

interface Sent {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  type?: string;
}

/** An app set up as `buildApp` sets it up, with one described route answering `sent`. */
async function appAnswering(sent: Sent, check: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(plainJsonSerializer);
  if (check) registerAnswerCheck(app);
  const response = {
    200: z.object({ id: z.number().int(), tags: z.array(z.object({ name: z.string() })) }),
    206: jsonAnswer(z.array(z.number()), 'Une page', ANSWER_HEADERS.totalCount),
    207: fileAnswer(['text/csv'], 'Un CSV', ANSWER_HEADERS.download),
    ...errorAnswers(404),
  };
  app.get('/api/thing', { schema: { response } }, async (_request, reply) => {
    // Typed to the described statuses; the tests send others on purpose.
    void reply.code((sent.status ?? 200) as 200).headers(sent.headers ?? {});
    if (sent.type) void reply.type(sent.type);
    return reply.send(sent.body);
  });
  await app.ready();
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  vi.restoreAllMocks();
});

async function call(sent: Sent, check = true) {
  vi.spyOn(process.stderr, 'write').mockReturnValue(true);
  app = await appAnswering(sent, check);
  return app.inject({ method: 'GET', url: '/api/thing' });
}

describe('answers and their descriptions', () => {
  it('in production, sends what the route built, as plain JSON, without running the description', async () => {
    const res = await call({ body: { id: 'not a number', secret: 'kept' } }, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'not a number', secret: 'kept' });
  });

  it('lets an answer that matches its description through unchanged', async () => {
    const res = await call({ body: { id: 1, tags: [{ name: 'a' }] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1, tags: [{ name: 'a' }] });
  });

  it('turns into a 500 naming the fault an answer with a field its description lacks, even deep down', async () => {
    const res = await call({ body: { id: 1, tags: [{ name: 'a', hidden: true }] } });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('tags[0].hidden');
  });

  it('turns into a 500 an answer of the wrong shape, and one of a status not described', async () => {
    expect((await call({ body: { id: 'un', tags: [] } })).statusCode).toBe(500);
    const undescribed = await call({ status: 409, body: { code: 'CONFLICT', message: 'Non.' } });
    expect(undescribed.statusCode).toBe(500);
    expect(undescribed.json().message).toContain('409');
  });

  it('holds error answers to the error body', async () => {
    expect((await call({ status: 404, body: { code: 'NOT_FOUND', message: 'Introuvable.' } })).statusCode).toBe(404);
    expect((await call({ status: 404, body: { error: 'Introuvable.' } })).statusCode).toBe(500);
  });

  it('checks the headers a client reads are described', async () => {
    expect((await call({ status: 206, body: [1, 2], headers: { 'x-total-count': '2' } })).statusCode).toBe(206);
    const res = await call({ body: { id: 1, tags: [] }, headers: { 'x-total-count': '2' } });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('x-total-count');
  });

  it('checks the media type of a file', async () => {
    expect(
      (
        await call({
          status: 207,
          body: 'a;b\n',
          type: 'text/csv; charset=utf-8',
          headers: { 'content-disposition': 'attachment; filename="a.csv"' },
        })
      ).statusCode,
    ).toBe(207);
    expect((await call({ status: 207, body: '%PDF', type: 'application/pdf' })).statusCode).toBe(500);
  });
});
