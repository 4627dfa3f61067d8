import { z } from 'zod';
import { PARTICIPANT_ROLES } from '../projects/project';
import { displayName, documentIdSchema, positiveId } from './common';

/**
 * Payloads of the participant and document calls (spec section 7). Form
 * values arrive as strings: ids are coerced, empty strings mean "none".
 */

const id = positiveId;
const optionalId = (message: string) =>
  z.preprocess((v) => (v === '' || v === 'null' || v === undefined ? null : v), z.union([z.null(), id(message)]));
const requiredName = (label: string) =>
  displayName({ required: `Le ${label} est requis.`, tooLong: `Le ${label} ne doit pas dépasser 255 caractères.` });
/** Optional e-mail: empty means none (the person is added without an invitation). */
const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .trim()
    .toLowerCase()
    .max(255, "L'adresse email ne doit pas dépasser 255 caractères.")
    .pipe(z.email({ error: "L'adresse email n'est pas valide." }))
    .optional(),
);
const role = z.enum(PARTICIPANT_ROLES, { error: 'Merci de choisir un rôle valide.' });

/** `POST /project/{id}/addperson`. */
export const addPersonSchema = z.object({
  firstName: requiredName('prénom'),
  lastName: requiredName('nom'),
  email: optionalEmail,
  role,
});
export type AddPersonPayload = z.input<typeof addPersonSchema>;

/** `PATCH /participant`. */
export const updateParticipantSchema = z.object({
  id: id('Identifiant de participant invalide.'),
  firstName: requiredName('prénom'),
  lastName: requiredName('nom'),
  email: optionalEmail,
});

/** `PATCH /participant/{id}/changerole`. */
export const changeRoleSchema = z.object({ role });

/** `DELETE /project/{id}/removeparticipant`. */
export const removeParticipantSchema = z.object({ participantId: id('Identifiant de participant invalide.') });

/** `POST /participant/adddocument`: a drawer of a file type (docType "document_files") or a questionnaire. */
export const addDocumentSchema = z.object({
  projectId: id('Identifiant de dossier invalide.'),
  docType: z.string().trim().max(64).default('document_files'),
  docFileType: z.string().trim().max(64).optional(),
  participantId: optionalId('Identifiant de participant invalide.'),
});

/** `DELETE /project/{id}/removeFile`: the drawer and the stored file name. */
export const removeFileSchema = z.object({
  id: documentIdSchema,
  file: z.string({ error: 'Le nom du fichier est requis.' }).min(1, 'Le nom du fichier est requis.').max(300),
});

/** `DELETE /project/{id}/removedocument`. */
export const removeDocumentSchema = z.object({ documentId: documentIdSchema });

/** `PATCH /document/owner`: another participant, or none (unassigned). */
export const documentOwnerSchema = z.object({
  documentId: documentIdSchema,
  participantId: optionalId('Identifiant de participant invalide.'),
});
