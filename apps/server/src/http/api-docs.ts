import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Where Swagger UI's page, files and copy of the document are served. */
export const API_DOCS_UI_PREFIX = '/api/docs/ui';

/**
 * Swagger UI for the OpenAPI document: its routes are public, like the
 * document it shows. Marked by a hook of the root added before the route
 * table's, so the table and the authorization matrix see them as declared.
 */
export function markApiDocsUiPublic(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.url === API_DOCS_UI_PREFIX || route.url.startsWith(`${API_DOCS_UI_PREFIX}/`)) route.config = { ...route.config, access: 'public' };
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
