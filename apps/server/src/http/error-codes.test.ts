import { MESSAGES } from '@notadoo/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectErrorAnswer } from '../../test/error-answers';
import { multipartBody, PDF_BYTES } from '../../test/multipart';
import { BACKENDS, bearer, buildTestApp, type TestApp } from '../../test/test-app';
import { StorageUnavailableError } from '../files/storage/file-storage';
import { AppError, badRequest } from './app-error';
import { registerErrorHandling } from './error-handler';

/** Decision 0085: every error answer of the API carries a stable code beside its French message, on every path. */
describe.each(BACKENDS)('error codes of the API on %s', (backend) => {
  let t: TestApp;
  let owner: { id: number; email: string; password: string; headers: Record<string, string> };
  let projectId: number;
  const api = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = owner.headers,
  ) => t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const raw = (url: string, contentType: string, payload: string) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: { ...owner.headers, 'content-type': contentType }, payload });

  beforeAll(async () => {
    t = await buildTestApp(backend, { rateLimits: { contactPerIp: { max: 1, windowMs: 60_000 } } });
    owner = await t.signedInUser();
    projectId = (await api('POST', '/project', { name: 'Vente', type: 'realty', subtype: 'house', role: 'seller' })).json().id;
  });
  afterAll(() => t.close());

  it('answers a thrown AppError with its generic code, or the code its throw names', async () => {
    expectErrorAnswer(await api('GET', '/project/999999'), 404, 'NOT_FOUND');
    const stranger = await t.signedInUser();
    expect(
      expectErrorAnswer(await api('GET', `/project/${projectId}`, undefined, stranger.headers), 403, 'PROJECT_ACCESS_DENIED').message,
    ).toBe(MESSAGES.projectAccessDenied);
    // An e-mail change without the current password: the code the profile screen decides on.
    const noPassword = await api('PATCH', `/users/${owner.id}`, { email: 'ailleurs@exemple.fr' });
    expect(expectErrorAnswer(noPassword, 400, 'CURRENT_PASSWORD_REQUIRED').message).toBe(MESSAGES.emailChangePasswordRequired);
  });

  it('answers a schema refusal VALIDATION_FAILED with the field at fault', async () => {
    const body = expectErrorAnswer(
      await api('POST', '/project', { name: 42, type: 'realty', subtype: 'house', role: 'seller' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(body.field).toBe('name');
  });

  it("names Fastify's own refusals: bad JSON, empty body, unknown content type, body too large", async () => {
    expectErrorAnswer(await raw('/users/login', 'application/json', '{"login": '), 400, 'MALFORMED_JSON');
    expectErrorAnswer(await raw('/users/login', 'application/json', ''), 400, 'EMPTY_BODY');
    expectErrorAnswer(await raw('/users/login', 'application/xml', '<login/>'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectErrorAnswer(
      await raw('/users/login', 'application/json', JSON.stringify({ login: 'a@b.fr', password: 'x'.repeat(1_100_000) })),
      413,
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('names the refusals of the HTTP layer: unknown route or method, too long or malformed address', async () => {
    expectErrorAnswer(await api('GET', '/nulle-part'), 404, 'ROUTE_NOT_FOUND');
    expectErrorAnswer(await api('PATCH', '/projects/mine', {}), 404, 'ROUTE_NOT_FOUND');
    expectErrorAnswer(await api('GET', `/projects/mine?x=${'a'.repeat(10_000)}`), 414, 'URL_TOO_LONG');
    expectErrorAnswer(await api('GET', `/project/${'1'.repeat(2000)}`), 414, 'URL_TOO_LONG');
  });

  it('names what is wrong with a multipart upload', async () => {
    const url = `/api/project/${projectId}/addfile`;
    const notMultipart = await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: { id: projectId } });
    expectErrorAnswer(notMultipart, 406, 'NOT_MULTIPART');
    const cut = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...owner.headers, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="id"\r\n\r\n1',
    });
    expectErrorAnswer(cut, 400, 'MALFORMED_MULTIPART');
    // A cover that is no image.
    const pdf = multipartBody(
      { id: String(projectId) },
      { field: 'cover_image', name: 'photo.png', content: PDF_BYTES, type: 'image/png' },
    );
    const cover = await t.app.inject({
      method: 'POST',
      url: '/api/project/cover',
      headers: { ...owner.headers, ...pdf.headers },
      payload: pdf.payload,
    });
    expect(expectErrorAnswer(cover, 400, 'FILE_TYPE_REFUSED').message).toBe(MESSAGES.coverFailed);
  });

  it('tells a missing, an invalid and an expired session apart', async () => {
    expectErrorAnswer(await api('GET', '/users/me', undefined, {}), 401, 'AUTHENTICATION_REQUIRED');
    expectErrorAnswer(await api('GET', '/users/me', undefined, bearer('pas.un.jeton')), 401, 'INVALID_TOKEN');
    const user = await t.signedInUser();
    t.clock.advance(12 * 3600_000 + 1000);
    expect(expectErrorAnswer(await api('GET', '/users/me', undefined, user.headers), 401, 'EXPIRED_TOKEN').message).toBe(
      MESSAGES.expiredToken,
    );
    // The next tests' session, on the moved clock.
    owner = { ...owner, headers: bearer(await t.tokenFor(owner.email, owner.password)) };
  });

  it('answers a taken address EMAIL_TAKEN, with the 403 of the sign-up', async () => {
    const payload = {
      firstName: 'Jeanne',
      lastName: 'Durand',
      email: 'prise@exemple.fr',
      password: 'Kq7#vLp2!xWr9',
      passwordConfirm: 'Kq7#vLp2!xWr9',
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/users/signup', payload })).statusCode).toBe(201);
    expect(expectErrorAnswer(await t.app.inject({ method: 'POST', url: '/api/users/signup', payload }), 403, 'EMAIL_TAKEN').message).toBe(
      MESSAGES.emailTaken,
    );
  });

  it('answers a rate limit RATE_LIMITED with Retry-After', async () => {
    const payload = {
      civility: 'MME',
      firstName: 'Claire',
      lastName: 'Dubois',
      phone: '0612345678',
      email: 'claire@exemple.fr',
      reason: 'notaire',
      message: 'Bonjour, je souhaite rejoindre le réseau.',
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload })).statusCode).toBe(200);
    const limited = await t.app.inject({ method: 'POST', url: '/api/contact', payload });
    expectErrorAnswer(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

/** The error handler alone, on the paths a running API cannot be made to take at will. */
describe('the error handler', () => {
  let app: FastifyInstance;
  const pgError = (code: string) => Object.assign(new Error('erreur de la base'), { code });

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    const routes: Record<string, () => never> = {
      '/app-error': () => {
        throw new AppError('VERSION_CONFLICT', 'Modifié entre-temps.', { details: { document: { id: 1 } } });
      },
      '/busy': () => {
        throw new AppError('SERVER_BUSY', MESSAGES.passwordChecksBusy, { retryAfterSeconds: 1 });
      },
      '/storage': () => {
        throw new StorageUnavailableError(pgError('ECONNREFUSED'));
      },
      '/database': () => {
        throw pgError('ECONNREFUSED');
      },
      '/refused-input': () => {
        throw Object.assign(new Error('requête'), { cause: pgError('22003') });
      },
      '/fastify-4xx': () => {
        throw Object.assign(new Error('Range Not Satisfiable'), { statusCode: 416, code: 'FST_SOMETHING' });
      },
      '/fastify-429': () => {
        throw Object.assign(new Error('Too Many Requests'), { statusCode: 429 });
      },
      '/bug': () => {
        throw new TypeError("Cannot read properties of undefined (reading 'id')");
      },
      '/bad-request': () => {
        throw badRequest();
      },
    };
    for (const [url, handler] of Object.entries(routes)) app.get(url, handler);
    app.withTypeProvider<ZodTypeProvider>().post('/validated', { schema: { body: z.object({ name: z.string() }) } }, async () => ({}));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('keeps the extra fields of an AppError beside its code and message, and its Retry-After', async () => {
    expect(expectErrorAnswer(await get('/app-error'), 409, 'VERSION_CONFLICT')).toEqual({
      code: 'VERSION_CONFLICT',
      message: 'Modifié entre-temps.',
      document: { id: 1 },
    });
    const busy = await get('/busy');
    expectErrorAnswer(busy, 503, 'SERVER_BUSY');
    expect(busy.headers['retry-after']).toBe('1');
    expectErrorAnswer(await get('/bad-request'), 400, 'BAD_REQUEST');
  });

  it('names the storage and the database when they cannot be reached, with Retry-After', async () => {
    const storage = await get('/storage');
    expectErrorAnswer(storage, 503, 'STORAGE_UNAVAILABLE');
    expect(storage.headers['retry-after']).toBe('5');
    const database = await get('/database');
    expect(expectErrorAnswer(database, 503, 'DATABASE_UNAVAILABLE').message).toBe(MESSAGES.databaseUnavailable);
    expect(database.headers['retry-after']).toBe('5');
  });

  it('answers VALIDATION_FAILED for a schema refusal and for a value the database refuses', async () => {
    const validated = await app.inject({ method: 'POST', url: '/validated', payload: { name: 3 } });
    expect(expectErrorAnswer(validated, 400, 'VALIDATION_FAILED').field).toBe('name');
    expect(expectErrorAnswer(await get('/refused-input'), 400, 'VALIDATION_FAILED').message).toBe(MESSAGES.invalidRequest);
  });

  it('gives any other client error the generic code of its status, and a bug INTERNAL_ERROR without a detail', async () => {
    expect((await get('/fastify-4xx')).json()).toEqual({ code: 'BAD_REQUEST', message: MESSAGES.invalidRequest });
    expect(expectErrorAnswer(await get('/fastify-429'), 429, 'RATE_LIMITED').message).toBe(MESSAGES.tooManyRequests);
    const bug = await get('/bug');
    expect(expectErrorAnswer(bug, 500, 'INTERNAL_ERROR')).toEqual({ code: 'INTERNAL_ERROR', message: MESSAGES.internalError });
  });
});
