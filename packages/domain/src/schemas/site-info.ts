import { z } from 'zod';

/** `GET /site`: what the web app needs before anything else. */
export const siteInfoSchema = z.object({
  networkName: z.string().describe('Nom du réseau'),
  maintenance: z.boolean().describe('Le site est en maintenance (les autres appels répondent 503)'),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
