import {
  markReadSchema,
  MESSAGE_MAX_FILES,
  messageAttachmentParamsSchema,
  messageIdParamsSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageViewSchema,
  projectIdSchema,
  sendMessageSchema,
  threadListSchema,
  threadParamsSchema,
  unreadFilesPageQuerySchema,
  unreadFilesPageSchema,
  unreadFilesQuerySchema,
  unreadFilesSchema,
} from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../auth/authenticate';
import { readParts } from '../../files/upload';
import type { AppContext } from '../../context';
import { ANSWER_HEADERS, errorAnswers, fileAnswer, PROJECT_FILE_MEDIA_TYPES } from '../../http/answers';
import * as service from './message-service';

const tags = ['messages'];
/** A file without an office has no thread yet; a withdrawal too late or twice. */
const conflict = errorAnswers(409);

/** Issue 28: the threads of a file and their messages. Threads are addressed by key: everyone, office, private-{participantId}. */
export function messageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/project/:id/threads',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Les conversations du dossier que je peux lire, avec leurs messages non lus',
          params: projectIdSchema,
          response: { 200: threadListSchema, ...conflict },
        },
      },
      async (request) => service.listThreads(ctx, requireUser(request), request.params.id),
    );
    app.get(
      '/messages/unread',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary: 'Messages non lus de chacun des dossiers `ids` (séparés par des virgules) que je peux ouvrir ; les autres sont omis',
          querystring: unreadFilesQuerySchema,
          response: { 200: unreadFilesSchema },
        },
      },
      async (request) => service.countUnreadByFile(ctx, requireUser(request), request.query.ids),
    );
    app.get(
      '/messages/unread-files',
      {
        config: { access: 'user' },
        schema: {
          tags,
          summary:
            "Mes dossiers ayant des messages non lus, le plus récent d'abord, par pages (`after` : la page suivante) : le tri « messages non lus d'abord » du tableau de bord",
          querystring: unreadFilesPageQuerySchema,
          response: { 200: unreadFilesPageSchema },
        },
      },
      async (request) => service.listUnreadFiles(ctx, requireUser(request), request.query),
    );
    app.get(
      '/project/:id/threads/:thread/messages',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: "Une page d'une conversation, les plus récents d'abord ; `before` donne la page précédente",
          params: threadParamsSchema,
          querystring: messagePageQuerySchema,
          response: { 200: messagePageSchema, ...conflict },
        },
      },
      async (request) => service.getMessagePage(ctx, requireUser(request), request.params.id, request.params.thread, request.query),
    );
    app.post(
      '/project/:id/threads/:thread/messages',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Envoyer un message (texte de 5 000 caractères au plus, en réponse à une pièce au besoin)',
          params: threadParamsSchema,
          body: sendMessageSchema,
          response: { 201: messageViewSchema, ...conflict },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await service.sendMessage(ctx, requireUser(request), request.params.id, request.params.thread, request.body)),
    );
    app.post(
      '/project/:id/threads/:thread/attachment',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: `Envoyer un message avec des fichiers (multipart : text, pieceRequestId, puis 1 à ${MESSAGE_MAX_FILES} parties file ; images et PDF, 20 Mo chacun, vérifiés comme tout dépôt ; un seul refusé, rien n'est gardé)`,
          params: threadParamsSchema,
          consumes: ['multipart/form-data'],
          response: { 201: messageViewSchema, ...conflict },
        },
      },
      // One file part past the limit is let through for the service to refuse in its own words.
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await service.sendMessageWithFiles(
              ctx,
              requireUser(request),
              request.params.id,
              request.params.thread,
              readParts(request, { files: MESSAGE_MAX_FILES + 1 }),
            ),
          ),
    );
    app.get(
      '/message/:id/attachments/:attachmentId',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: "Un fichier joint à un message (`attachmentId` : l'un de ses `attachments`), à qui lit sa conversation",
          params: messageAttachmentParamsSchema,
          response: { 200: fileAnswer(PROJECT_FILE_MEDIA_TYPES, 'Le fichier joint, à enregistrer sous son nom', ANSWER_HEADERS.download) },
        },
      },
      async (request, reply) => {
        const file = await service.openMessageAttachment(ctx, requireUser(request), request.params.id, request.params.attachmentId);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header(
            'content-disposition',
            `attachment; filename="${file.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          )
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
    app.post(
      '/project/:id/threads/:thread/read',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: "Marquer la conversation lue jusqu'au message `upTo` ; sans `upTo`, signale seulement que je suis sur la page",
          params: threadParamsSchema,
          body: markReadSchema.partial(),
          response: { 200: threadListSchema, ...conflict },
        },
      },
      async (request) => service.markRead(ctx, requireUser(request), request.params.id, request.params.thread, request.body.upTo),
    );
    app.post(
      '/message/:id/withdraw',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Retirer son message dans les 5 minutes : le texte disparaît, la trace « Message retiré » reste',
          params: messageIdParamsSchema,
          response: { 200: messageViewSchema, ...conflict },
        },
      },
      async (request) => service.withdrawOwnMessage(ctx, requireUser(request), request.params.id),
    );
  };
}
