import type { FastifyInstance } from 'fastify';
import type { AccessRule } from '../auth/authenticate';

export interface RegisteredRoute {
  method: string;
  url: string;
  access: AccessRule | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, with its declared access rule: the authorization matrix test reads it. */
    routeTable: RegisteredRoute[];
  }
}

/** Records every route registered after this call (Fastify's onRoute hook), HEAD twins of GET routes excepted. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, access: route.config?.access });
    }
  });
}
