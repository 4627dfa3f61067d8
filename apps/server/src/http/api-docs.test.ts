import SwaggerParser from '@apidevtools/swagger-parser';
import { NEXT_PAGE_HEADER } from '@notadoo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { API_DOCS_UI_PREFIX } from './api-docs';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the API documentation at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('gives a program the OpenAPI document and sends a browser to Swagger UI, without a session', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: '*/*' } });
    expect(document.statusCode).toBe(200);
    expect(document.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: 'API Notadoo' } });

    const browser = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: BROWSER_ACCEPT } });
    expect(browser.statusCode).toBe(302);
    expect(browser.headers.location).toBe('/api/docs/ui/');
  });

  it('serves Swagger UI: its page loads only scripts of the site (the CSP allows no other), and it reads the same document', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/ui/', headers: { accept: BROWSER_ACCEPT } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>API Notadoo</title>');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map(([, attributes]) => attributes?.match(/src="([^"]+)"/)?.[1])).toEqual([
      './static/swagger-ui-bundle.js',
      './static/swagger-ui-standalone-preset.js',
      './static/swagger-initializer.js',
    ]);
    expect(scripts.every(([, , inline]) => inline!.trim() === '')).toBe(true);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    for (const file of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const asset = await t.app.inject({ method: 'GET', url: `/api/docs/ui/static/${file}` });
      expect(asset.statusCode, file).toBe(200);
    }
    // The page reads the document at ./json, which the redirect's trailing slash makes /api/docs/ui/json.
    const copy = await t.app.inject({ method: 'GET', url: '/api/docs/ui/json' });
    const original = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(copy.json()).toEqual(original.json());
  });
});

interface DocumentedResponse {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}
interface DocumentedOperation {
  summary?: string;
  responses: Record<string, DocumentedResponse>;
}
type ApiDocument = { paths: Record<string, Record<string, DocumentedOperation>> };

/** Answers without a body: no content to describe. */
const BODYLESS_STATUSES = new Set(['204', '302', '304']);

describe('the OpenAPI document describes every call', () => {
  let t: TestApp;
  let document: ApiDocument;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    document = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<ApiDocument>();
  });
  afterAll(() => t.close());

  /** Every API route of the route table (the documentation's own excepted) with its operation in the document. */
  function operations(): Array<{ route: string; access: string | undefined; operation: DocumentedOperation | undefined }> {
    return t.app.routeTable
      .filter(({ url }) => url.startsWith('/api/') && url !== '/api/docs' && !url.startsWith(API_DOCS_UI_PREFIX))
      .map(({ method, url, access }) => ({
        route: `${method} ${url}`,
        access,
        operation: document.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()],
      }));
  }

  it('is a valid OpenAPI 3 document', async () => {
    // The validator resolves references in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('has every route of the API, each with its summary, its answers and its refusals', () => {
    const found = operations();
    expect(found.length).toBeGreaterThan(50);
    for (const { route, access, operation } of found) {
      expect(operation, route).toBeDefined();
      expect(operation!.summary?.trim(), `${route}: summary`).toBeTruthy();
      const statuses = Object.keys(operation!.responses);
      const successes = statuses.filter((status) => /^[23]/.test(status));
      // A route without a response schema gets @fastify/swagger's "200 Default Response" without content.
      expect(successes, `${route}: success answers`).not.toHaveLength(0);
      for (const status of statuses) {
        const response = operation!.responses[status]!;
        expect(response.description, `${route} ${status}: description`).not.toBe('Default Response');
        if (!BODYLESS_STATUSES.has(status))
          expect(
            Object.values(response.content ?? {}).some((media) => media.schema !== undefined),
            `${route} ${status}: body`,
          ).toBe(true);
      }
      expect(
        statuses.some((status) => /^[45]/.test(status)),
        `${route}: refusals`,
      ).toBe(true);
      if (access !== 'public' && access !== 'link') expect(statuses, `${route}: without a session`).toContain('401');
      if (operation!.responses['503']) expect(operation!.responses['503'].headers, `${route}: 503`).toHaveProperty('Retry-After');
    }
  });

  it('says which answer is created (201), which are paged and where their cursor or total travels', () => {
    const responses = (method: string, path: string) => document.paths[`/api${path}`]![method]!.responses;
    expect(Object.keys(responses('post', '/project'))).toContain('201');
    expect(responses('post', '/project')).not.toHaveProperty('200');
    const nextPage = NEXT_PAGE_HEADER.replace(/(^|-)(\w)/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
    for (const [method, path] of [
      ['get', '/projects/mine'],
      ['post', '/project/rename'],
      ['post', '/project/status'],
      ['delete', '/project/{id}'],
    ] as const) {
      expect(responses(method, path)['200']!.headers, `${method} ${path}`).toHaveProperty(nextPage);
    }
    for (const path of ['/admin/users', '/projects/open'])
      expect(responses('get', path)['200']!.headers, path).toHaveProperty('X-Total-Count');
    expect(responses('get', '/project/{id}')['200']!.headers).toHaveProperty('ETag');
    expect(responses('get', '/project/{id}')['304']).toBeDefined();
    expect(Object.keys(responses('get', '/projects/open/export')['200']!.content!)).toEqual(['text/csv']);
    expect(responses('get', '/projects/open/export')['200']!.headers).toHaveProperty('Content-Disposition');
    expect(Object.keys(responses('get', '/get_pdf/{docId}/{token}')['200']!.content!)).toEqual(['application/pdf']);
  });
});
