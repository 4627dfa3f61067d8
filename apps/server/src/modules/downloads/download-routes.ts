import { documentIdSchema, fileTokensSchema, generateFileTokensSchema, type FileTokenRequest } from '@notadoo/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../auth/authenticate';
import { requireRecentAuthentication } from '../../auth/second-factor-gate';
import type { AppContext } from '../../context';
import { ANSWER_HEADERS, errorAnswers, fileAnswer } from '../../http/answers';
import { badRequest } from '../../http/app-error';
import { requireReadableDocument, type DocumentInProject } from '../documents/document-access';
import { inlineContentDisposition } from '../questionnaires/questionnaire-files';
import { openQuestionnairePdf, QUESTIONNAIRE_MESSAGES } from '../questionnaires/questionnaire-service';
import type { UserWithOffice } from '../users/user-data';
import { DOWNLOAD_MESSAGES, issueDownloadToken, requireDownloadTokenHolder, type DownloadKind } from './download-tokens';

const tags = ['téléchargements'];

export { DOWNLOAD_MESSAGES };

/**
 * One short-lived token per requested document, each checked for read
 * access: a 'pdf' needs a questionnaire whose PDF was generated
 * (download_form), a 'file' a drawer of uploaded files (served by get_file).
 * One refusal refuses the whole request.
 */
export async function issueFileTokens(ctx: AppContext, user: UserWithOffice, requests: FileTokenRequest[]) {
  const checked = new Map<number, DocumentInProject>();
  const tokens: Array<{ docId: number; value: string }> = [];
  for (const { type, docId } of requests) {
    const found = checked.get(docId) ?? (await requireReadableDocument(ctx, user, docId));
    checked.set(docId, found);
    requireDownloadable(found, type);
    tokens.push({ docId, value: await issueDownloadToken(ctx, { docId, kind: type, user }) });
  }
  return { tokens };
}

function requireDownloadable({ document }: DocumentInProject, type: DownloadKind): void {
  if (type === 'file' && document.kind !== 'files') throw badRequest(DOWNLOAD_MESSAGES.notAFileDrawer);
  if (type === 'pdf' && document.kind !== 'questionnaire') throw badRequest(QUESTIONNAIRE_MESSAGES.notQuestionnaire);
  if (type === 'pdf' && !document.file) throw badRequest(QUESTIONNAIRE_MESSAGES.pdfNotGenerated);
}

export function downloadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/generate_file_token',
      {
        config: { access: 'project' },
        schema: {
          tags,
          summary: 'Jetons de téléchargement (5 minutes) pour des PDF de questionnaires ou des fichiers déposés',
          description: 'Corps : [{ type: "pdf" | "file", docId }] (ou { files: [...] }). Le PDF doit avoir été généré par download_form.',
          body: generateFileTokensSchema,
          response: { 200: fileTokensSchema },
        },
      },
      async (request) => {
        const body = request.body;
        const user = requireUser(request);
        const files = Array.isArray(body) ? body : body.files;
        // Issue 27: several documents at once (a whole file's download, a transfer to the drafting software) ask
        // the second factor (or the password) again after 5 minutes; one document at a time does not.
        if (new Set(files.map((f) => f.docId)).size > 1) requireRecentAuthentication(request, ctx.now());
        return issueFileTokens(ctx, user, files);
      },
    );

    app.get(
      '/get_pdf/:docId/:token',
      {
        // The token in the path is the credential: the link opens in a new tab, without the bearer token.
        config: { access: 'link' },
        schema: {
          tags,
          summary: 'Télécharger le PDF généré d’un questionnaire (lien à jeton)',
          security: [],
          params: z.object({ docId: documentIdSchema, token: z.string().min(1).max(2048) }),
          produces: ['application/pdf'],
          response: {
            200: fileAnswer(['application/pdf'], 'Le PDF, à ouvrir dans le navigateur', ANSWER_HEADERS.download),
            ...errorAnswers(403),
          },
        },
      },
      async (request, reply) => {
        const { docId, token } = request.params;
        const pdf = await openQuestionnairePdf(ctx, await requireDownloadTokenHolder(ctx, token, docId, 'pdf'), docId);
        return (
          reply
            .type('application/pdf')
            .header('content-length', pdf.size)
            .header('content-disposition', inlineContentDisposition(pdf.name))
            .header('cache-control', 'private, no-store')
            // Chrome shows a PDF through an embedded viewer, which the app's `object-src 'none'` would block.
            .header('content-security-policy', "frame-ancestors 'self'")
            .send(pdf.stream)
        );
      },
    );
  };
}
