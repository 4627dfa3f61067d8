import { z } from 'zod';
import type { NotaryOffice } from '../offices/notary-office';
import type { OfficeMove } from '../projects/office-moves';
import { QUESTIONNAIRE_DOC_TYPES, SHARED_QUESTIONNAIRE_ROLES, type QuestionnaireDocType } from '../projects/participant-documents';
import {
  PARTICIPANT_ROLES,
  PROJECT_SUBTYPES,
  PROJECT_TYPES,
  type PartialProject,
  type Participant,
  type Project,
  type ProjectSummary,
} from '../projects/project';
import type { FileDrawer, ProjectDocument, QuestionnaireItem } from '../projects/project-document';

/**
 * The answers of the project calls as the wire carries them (the types of
 * `projects/`), for the OpenAPI document and the API tests' check of every
 * answer. `satisfies` ties each schema to the type the server builds.
 */

const id = z.number().int();
const isoDateTime = z.string().describe('Date et heure ISO 8601 (UTC)');

export const notaryOfficeSchema = z
  .object({
    id,
    city: z.string(),
    postal_code: z.string(),
    address: z.string().describe('Adresse en HTML'),
    latitude: z.number(),
    longitude: z.number(),
    image: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    active: z.boolean(),
    position: z.number().int(),
    link_contact: z.string().nullable(),
    link_more_info: z.string().nullable(),
  })
  .describe('Un office notarial du réseau') satisfies z.ZodType<NotaryOffice>;

export const projectStatusCodeSchema = z
  .literal([1, 2, 3, 4, 5, 6, 7])
  .describe('Statut : 1 création, 2 à compléter, 3 relecture, 4 attente de signature, 5 signé, 6 signé et archivé, 7 sans suite');

export const participantSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable().describe('Visible de la personne, des administrateurs, de l’office et de qui l’a ajoutée ; null sinon'),
  user: z.object({ id, lastConnectionDate: isoDateTime.nullable(), avatar: z.string().nullable() }).nullable(),
  avatar: z.string().nullable(),
  joined: z.boolean(),
  added_by: id.nullable(),
  role_confirmed: z.boolean(),
  roles_project: z.array(z.enum([...PARTICIPANT_ROLES, 'creator'])),
  role: z.enum(PARTICIPANT_ROLES),
  pieces: z.object({ received: z.number().int(), total: z.number().int() }).optional(),
}) satisfies z.ZodType<Participant>;

export const projectSummarySchema = z
  .object({
    id,
    name: z.string(),
    type: z.enum(PROJECT_TYPES),
    subtype: z.enum([...PROJECT_SUBTYPES.realty, ...PROJECT_SUBTYPES.succession]),
    status: projectStatusCodeSchema,
    progress: z.number().int(),
    created_at: isoDateTime,
    cover_image: z.string().nullable(),
    is_archived: z.boolean(),
    is_partial: z.boolean(),
    participants: z.array(participantSchema),
    notary_office: notaryOfficeSchema.nullable(),
    creator: id.nullable(),
    city: z.string().nullable(),
    pieces_to_review: z.number().int().optional(),
  })
  .describe('Un dossier sans ses documents') satisfies z.ZodType<ProjectSummary>;

export const partialProjectSchema = z
  .object({ id, name: z.string(), status: projectStatusCodeSchema, is_partial: z.literal(true) })
  .describe('Un dossier dont mon rôle ne donne pas accès : son nom et son statut') satisfies z.ZodType<PartialProject>;

/** A page of my files: full summaries, partial ones where my role opens nothing. */
export const dashboardPageSchema = z.array(z.union([partialProjectSchema, projectSummarySchema]));

export const questionnaireItemSchema = z
  .looseObject({ id, version: z.number().int(), progress: z.number().int() })
  .describe('Le questionnaire : id, version, progress et les réponses (clés du questionnaire)') satisfies z.ZodType<QuestionnaireItem>;

export const fileDrawerSchema = z.object({ id, doc_type: z.string(), files: z.array(z.string()) }) satisfies z.ZodType<FileDrawer>;

const questionnaireArrays = Object.fromEntries(
  QUESTIONNAIRE_DOC_TYPES.map((docType) => [docType, z.array(questionnaireItemSchema)]),
) as Record<QuestionnaireDocType, z.ZodArray<typeof questionnaireItemSchema>>;

export const projectDocumentSchema = z
  .object({
    id,
    participant: z.object({ id }).nullable(),
    shared_role: z.enum(SHARED_QUESTIONNAIRE_ROLES).nullable().optional(),
    superseded: z.boolean().optional(),
    file: z.string().nullable().describe('Nom du PDF généré, une fois généré'),
    document_files: z.array(fileDrawerSchema),
    ...questionnaireArrays,
  })
  .describe('Un document : un questionnaire (dans le tableau de son type) ou un tiroir de fichiers') satisfies z.ZodType<ProjectDocument>;

export const projectSchema = projectSummarySchema
  .extend({ documents: z.array(projectDocumentSchema) })
  .describe('Un dossier complet') satisfies z.ZodType<Project>;

export const createdProjectSchema = z.object({ id }).describe('Le dossier créé');
export type CreatedProject = z.infer<typeof createdProjectSchema>;

/** `POST /project/cover`: the file's new cover. */
export const projectCoverSchema = z.object({ id, cover_image: z.string().describe('Nom de l’image, sous /uploads/covers/') });
export type ProjectCover = z.infer<typeof projectCoverSchema>;

export const officeMoveSchema = z.object({
  moved_at: isoDateTime,
  moved_by: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  from: z.object({ id, city: z.string() }),
  to: z.object({ id, city: z.string() }),
}) satisfies z.ZodType<OfficeMove>;

/**
 * `GET /documents/mine`: a document of one of my participations, with its file
 * and person, whose fields are the project's and participant's own.
 */
export const myDocumentSchema = z.object({
  project: projectSummarySchema.pick({ id: true, name: true, status: true }),
  participant: participantSchema.pick({ id: true, first_name: true, last_name: true, role: true }),
  document: projectDocumentSchema,
});
export type MyDocument = z.infer<typeof myDocumentSchema>;

/** `GET /messages/unread-files`: a page of my files with unread messages, as dashboard cards. */
export const unreadFilesPageSchema = z.object({
  files: z.array(z.object({ project: projectSummarySchema, unread: z.number().int() })),
  next: z.string().nullable().describe('Curseur de la page suivante (`after`) ; null à la dernière page'),
});
export type UnreadFilesPage = z.infer<typeof unreadFilesPageSchema>;
