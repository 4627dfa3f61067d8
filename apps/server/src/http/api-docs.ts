import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isDescribedAnswer, type Answer, type DescribedAnswer } from './answers';

/** Where Swagger UI's page, files and copy of the document are served. */
export const API_DOCS_UI_PREFIX = '/api/docs/ui';

/**
 * Swagger UI for the OpenAPI document: its routes are public, like the
 * document it shows. Marked by a hook of the root added before the route
 * table's, so the table and the authorization matrix see them as declared.
 */
export function markApiDocsUiPublic(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.url === API_DOCS_UI_PREFIX || route.url.startsWith(`${API_DOCS_UI_PREFIX}/`))
      route.config = { ...route.config, access: 'public' };
  });
}

export async function registerApiDocsUi(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_UI_PREFIX,
    uiConfig: { docExpansion: 'list', deepLinking: true, tryItOutEnabled: false },
    theme: { title: 'API Notadoo' },
  });
}

/** A browser opening the address asks for a page; a program (curl, fetch, a generator) for the JSON document. */
export function wantsPage(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').split(',').some((type) => type.trim().startsWith('text/html'));
}

type RouteDocument = Parameters<typeof jsonSchemaTransform>[0];

const STATUS_DESCRIPTIONS: Record<string, string> = { 200: 'Réussite', 201: 'Créé' };
type TransformedRoute = ReturnType<typeof jsonSchemaTransform>;

/**
 * zod's transform for @fastify/swagger, taught the answers of `answers.ts`:
 * the transform keeps a response's description and content but drops its
 * headers and refuses an answer without a body, so those are set aside and
 * put back in the form @fastify/swagger reads (`headers`, `type: 'null'`).
 */
export function transformRouteSchema(document: RouteDocument): TransformedRoute {
  const response = document.schema?.response as Record<string, Answer> | undefined;
  if (!response) return jsonSchemaTransform(document);
  const withBody: Record<string, unknown> = {};
  const described: Record<string, DescribedAnswer> = {};
  for (const [status, answer] of Object.entries(response)) {
    if (!isDescribedAnswer(answer)) {
      withBody[status] = answer;
      continue;
    }
    described[status] = answer;
    if (answer.content) withBody[status] = { description: answer.description, content: answer.content };
  }
  const transformed = jsonSchemaTransform({ ...document, schema: { ...document.schema, response: withBody } });
  const responses = (transformed.schema as { response?: Record<string, Record<string, unknown>> }).response;
  if (!responses) return transformed;
  // A zod schema without `.describe()` would leave @fastify/swagger's "Default Response", the mark of an undescribed route.
  for (const [status, answer] of Object.entries(responses))
    if (typeof answer.description !== 'string') answer.description = STATUS_DESCRIPTIONS[status] ?? 'Réponse';
  for (const [status, answer] of Object.entries(described)) {
    const headers =
      answer.headers &&
      Object.fromEntries(Object.entries(answer.headers).map(([name, description]) => [name, { type: 'string', description }]));
    responses[status] = {
      ...(answer.content ? responses[status] : { type: 'null', description: answer.description }),
      ...(headers && { headers }),
    };
  }
  return transformed;
}
