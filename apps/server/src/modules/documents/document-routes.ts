import {
  addDocumentSchema,
  documentIdSchema,
  documentOwnerSchema,
  myDocumentSchema,
  projectIdSchema,
  projectSchema,
  removeDocumentSchema,
  removeFileSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { ANSWER_HEADERS, errorAnswers, fileAnswer, PROJECT_FILE_MEDIA_TYPES } from '../../http/answers';
import { readParts } from '../../files/upload';
import * as service from './document-service';

const tags = ['documents'];
/** These calls answer the file as it now is. */
const projectAnswer = { 200: projectSchema };
const fileParams = z.object({
  docId: documentIdSchema,
  index: z.coerce
    .number({ error: 'Numéro de fichier invalide.' })
    .int('Numéro de fichier invalide.')
    .min(0, 'Numéro de fichier invalide.')
    .max(10_000, 'Numéro de fichier invalide.'),
  token: z.string().min(10).max(2048),
});

const fileDownloadAnswers = {
  200: fileAnswer(PROJECT_FILE_MEDIA_TYPES, 'Le fichier, sous son nom déposé', ANSWER_HEADERS.download),
  ...errorAnswers(403),
};

export function documentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/participant/adddocument',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Ajouter un tiroir de fichiers (ou un questionnaire) à une personne',
          body: addDocumentSchema,
          response: { ...projectAnswer, ...errorAnswers(409) },
        },
      },
      async (request) => service.addDocument(ctx, requireUser(request), request.body),
    );

    app.post(
      '/project/:id/addfile',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary:
            'Déposer un fichier (multipart : id, file, et pieceRequestId pour une pièce demandée ou « other » pour un autre document ; images et PDF, 20 Mo)',
          params: projectIdSchema,
          consumes: ['multipart/form-data'],
          response: { ...projectAnswer, ...errorAnswers(409) },
        },
      },
      async (request) => service.addFile(ctx, requireUser(request), request.params.id, readParts(request)),
    );

    app.delete(
      '/project/:id/removeFile',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: "Supprimer un fichier d'un tiroir",
          params: projectIdSchema,
          body: removeFileSchema,
          response: projectAnswer,
        },
      },
      async (request) => service.removeFile(ctx, requireUser(request), request.params.id, request.body),
    );

    app.delete(
      '/project/:id/removedocument',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Supprimer un document et ses fichiers',
          params: projectIdSchema,
          body: removeDocumentSchema,
          response: { ...projectAnswer, ...errorAnswers(409) },
        },
      },
      async (request) => service.removeDocument(ctx, requireUser(request), request.params.id, request.body.documentId),
    );

    app.patch(
      '/document/owner',
      {
        config: { access: 'admin' },
        schema: { tags, summary: "Changer le propriétaire d'un document (admin)", body: documentOwnerSchema, response: projectAnswer },
      },
      async (request) => service.changeDocumentOwner(ctx, requireUser(request), request.body),
    );

    app.get(
      '/documents/mine',
      {
        config: { access: 'user' },
        schema: { tags, summary: 'Mes documents, tous dossiers confondus', response: { 200: z.array(myDocumentSchema) } },
      },
      async (request) => service.listMyDocuments(ctx, requireUser(request)),
    );

    // Opened in a new tab: the short-lived token is the credential, not the bearer.
    app.get(
      '/get_file/:docId/:index/:token',
      {
        config: { access: 'link' },
        schema: {
          tags,
          summary: 'Télécharger un fichier déposé (jeton de generate_file_token)',
          params: fileParams,
          response: fileDownloadAnswers,
        },
      },
      async (request, reply) => {
        const file = await service.openFileForDownload(ctx, request.params.docId, request.params.index, request.params.token);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header(
            'content-disposition',
            `inline; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          )
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  };
}
