import { z } from 'zod';
import { PARTICIPANT_ROLES, PROJECT_SUBTYPES, PROJECT_TYPES } from '../projects/project';
import { displayName, positiveId } from './common';

/**
 * Request payloads of the project calls (spec section 7). Form-encoded values
 * arrive as strings, so numbers are coerced.
 */

export const PROJECT_SCHEMA_MESSAGES = {
  nameRequired: 'Merci de spécifier un nom pour votre dossier.',
  nameTooLong: 'Le nom du dossier ne doit pas dépasser 255 caractères.',
  typeRequired: 'Merci de choisir le type de votre dossier : immobilier ou succession.',
  subtypeRequired: 'Merci de choisir la nature de votre dossier.',
  subtypeMismatch: 'Cette nature de dossier ne correspond pas au type choisi.',
  roleRequired: 'Merci de choisir votre rôle dans ce dossier.',
  invalidProjectId: 'Identifiant de dossier invalide.',
  invalidStatus: 'Le statut doit être un nombre entier compris entre 1 et 7.',
  officeRequired: 'Merci de choisir un office notarial.',
} as const;
const M = PROJECT_SCHEMA_MESSAGES;

const id = positiveId;

const projectName = displayName({ required: M.nameRequired, tooLong: M.nameTooLong });

const ALL_SUBTYPES = [...PROJECT_SUBTYPES.realty, ...PROJECT_SUBTYPES.succession] as const;

/** `POST /project`. Whether the role suits the user is `checkProjectCreation`'s business. */
export const createProjectSchema = z
  .object({
    name: projectName,
    type: z.enum(PROJECT_TYPES, { error: M.typeRequired }),
    subtype: z.enum(ALL_SUBTYPES, { error: M.subtypeRequired }),
    role: z.enum(PARTICIPANT_ROLES, { error: M.roleRequired }),
  })
  .refine((p) => (PROJECT_SUBTYPES[p.type] as readonly string[]).includes(p.subtype), {
    message: M.subtypeMismatch,
    path: ['subtype'],
  });
export type CreateProjectPayload = z.input<typeof createProjectSchema>;

/** `POST /project/rename`. */
export const renameProjectSchema = z.object({ id: id(M.invalidProjectId), name: projectName });
export type RenameProjectPayload = z.input<typeof renameProjectSchema>;

/** `POST` and `PATCH /project/status`. */
export const projectStatusSchema = z.object({
  id: id(M.invalidProjectId),
  status: z.coerce.number({ error: M.invalidStatus }).int(M.invalidStatus).min(1, M.invalidStatus).max(7, M.invalidStatus),
});
export type ProjectStatusPayload = z.input<typeof projectStatusSchema>;

/** `PATCH /project/{id}`: choose or switch the notary office. */
export const projectOfficePatchSchema = z.object({ office: id(M.officeRequired) });
export type ProjectOfficePatchPayload = z.input<typeof projectOfficePatchSchema>;

/** The `{id}` of the `/project/{id}` paths. */
export const projectIdSchema = z.object({ id: id(M.invalidProjectId) });

/** One page of the dashboard: enough cards to fill a wide screen a few times. */
export const DASHBOARD_PAGE_SIZE = 24;
/** The largest page a client may ask for. */
export const DASHBOARD_MAX_PAGE_SIZE = 100;

export const DASHBOARD_QUERY_MESSAGES = {
  invalidLimit: `Le nombre de dossiers par page doit être compris entre 1 et ${DASHBOARD_MAX_PAGE_SIZE}.`,
  invalidCursor: 'La page demandée est invalide. Merci de recharger la liste de vos dossiers.',
  invalidType: 'Le type de dossier doit être « realty » ou « succession ».',
  searchTooLong: 'La recherche ne doit pas dépasser 255 caractères.',
  invalidArchived: 'Le filtre « archived » doit valoir true ou false.',
} as const;

/**
 * `GET /projects/mine` and the calls answering the list: filters and keyset
 * paging, all optional. Without them the first page of every project comes back.
 */
export const dashboardQuerySchema = z.object({
  limit: z.coerce
    .number({ error: DASHBOARD_QUERY_MESSAGES.invalidLimit })
    .int(DASHBOARD_QUERY_MESSAGES.invalidLimit)
    .min(1, DASHBOARD_QUERY_MESSAGES.invalidLimit)
    .max(DASHBOARD_MAX_PAGE_SIZE, DASHBOARD_QUERY_MESSAGES.invalidLimit)
    .optional(),
  /** The opaque `X-Next-Page` of the previous page. */
  after: z.string().max(200, DASHBOARD_QUERY_MESSAGES.invalidCursor).optional(),
  /** Part of the project name; case and accents ignored. */
  q: z.string().max(255, DASHBOARD_QUERY_MESSAGES.searchTooLong).optional(),
  type: z.enum(PROJECT_TYPES, { error: DASHBOARD_QUERY_MESSAGES.invalidType }).optional(),
  status: z.coerce.number({ error: M.invalidStatus }).int(M.invalidStatus).min(1, M.invalidStatus).max(7, M.invalidStatus).optional(),
  /** Office city (the admins' filter). */
  city: z.string().max(255).optional(),
  /** "Archivés": the archived files instead of the others (a query string says true or false). */
  archived: z
    .enum(['true', 'false'], { error: DASHBOARD_QUERY_MESSAGES.invalidArchived })
    .transform((value) => value === 'true')
    .optional(),
});
export type DashboardQuery = z.output<typeof dashboardQuerySchema>;

/** The header carrying the cursor of the next dashboard page, absent on the last page. */
export const NEXT_PAGE_HEADER = 'x-next-page';
