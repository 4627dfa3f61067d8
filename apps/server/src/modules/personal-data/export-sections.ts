import {
  getDefinition,
  isSharedQuestionnaireRole,
  PARTICIPANT_ROLE_LABELS,
  questionnaireAnswersCsv,
  sharedQuestionnairePeople,
  statusLabel,
  type ParticipantRole,
  type SharedQuestionnaireRole,
} from '@notadoo/domain';
import type { AppContext } from '../../context';
import { projectFileKey } from '../../files/storage/storage-keys';
import type { ZipWriter } from '../../files/zip-writer';
import type { UserRow } from '../users/user-data';
import { historySection } from './history-section';
import {
  loadMessagesBy,
  loadParticipations,
  loadQuestionnairesOf,
  loadSentFiles,
  loadSharedRoleHolders,
  type ParticipationRow,
  type SharedRoleHolderRow,
} from './personal-data-data';

/**
 * The copy of a person's data is a list of sections, each a small producer
 * naming the entries it will write (so progress can be counted before the
 * first byte) and writing each when asked. A new kind of data is one more
 * producer in `EXPORT_SECTIONS` (the file history's is `history-section.ts`).
 */
export interface ExportSubject {
  user: UserRow;
  participations: ParticipationRow[];
}

export interface ExportEntry {
  /** Path inside the ZIP. */
  path: string;
  write(zip: ZipWriter): Promise<void>;
}

export type ExportSection = (ctx: AppContext, subject: ExportSubject) => Promise<ExportEntry[]>;

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const textEntry = (path: string, content: () => string): ExportEntry => ({ path, write: (zip) => zip.addBytes(path, content()) });

/** The account as the product keeps it (no password hash: it is not the person's data but a lock on it). */
const accountSection: ExportSection = async (_ctx, { user }) => [
  textEntry('compte.json', () =>
    json({
      id: user.id,
      email: user.email,
      emailEnAttente: user.pendingEmail,
      prenom: user.firstName,
      nom: user.lastName,
      emailConfirme: user.isEmailConfirmed,
      intermediaireImmobilier: user.isPro,
      notaire: user.isNotary,
      roles: user.roles,
      creeLe: iso(user.createdAt),
      derniereConnexion: iso(user.lastConnectionDate),
      connexionPrecedente: iso(user.previousConnectionDate),
      photo: user.avatar ? 'photo de profil enregistrée (visible dans le profil)' : null,
    }),
  ),
];

/** The files the person takes part in, with the name, address and role under which they appear there. */
const filesSection: ExportSection = async (_ctx, { participations }) => [
  textEntry('dossiers.json', () =>
    json(
      participations.map((p) => ({
        dossier: p.projectId,
        nom: p.projectName,
        type: p.type,
        sousType: p.subtype,
        statut: statusLabel(p.status),
        archive: p.isArchived,
        office: p.officeCity,
        role: PARTICIPANT_ROLE_LABELS[p.role as ParticipantRole] ?? p.role,
        roleConfirme: p.roleConfirmed,
        createur: p.isCreator,
        prenom: p.firstName,
        nom_personne: p.lastName,
        email: p.email,
        ajouteLe: iso(p.joinedAt),
      })),
    ),
  ),
];

/**
 * The shared sale (purchase) questionnaires that are theirs too: those whose
 * people (`sharedQuestionnairePeople`, the rule of the file's screens) include
 * them. A "seller" a buyer added gets nothing of the real seller's answers.
 */
async function sharedQuestionnairesOf(ctx: AppContext, userId: number, participations: readonly ParticipationRow[]) {
  const inRole = participations.filter((p): p is ParticipationRow & { role: SharedQuestionnaireRole } => isSharedQuestionnaireRole(p.role));
  const holders = await loadSharedRoleHolders(ctx.db, [...new Set(inRole.map((p) => p.projectId))]);
  const holdersByFile = new Map<number, SharedRoleHolderRow[]>();
  for (const h of holders) holdersByFile.set(h.projectId, [...(holdersByFile.get(h.projectId) ?? []), h]);
  const shared = inRole.filter((p) =>
    sharedQuestionnairePeople({ participants: holdersByFile.get(p.projectId) ?? [] }, p.role).some((h) => h.user?.id === userId),
  );
  // Two participations in one role of a file share one questionnaire.
  return [...new Map(shared.map((p) => [`${p.projectId}:${p.role}`, { projectId: p.projectId, role: p.role }])).values()];
}

/** Every questionnaire they answered, as saved (JSON) and as a spreadsheet reads it (CSV). */
const questionnairesSection: ExportSection = async (ctx, { user, participations }) => {
  const shared = await sharedQuestionnairesOf(ctx, user.id, participations);
  const questionnaires = await loadQuestionnairesOf(
    ctx.db,
    participations.map((p) => p.participantId),
    shared,
  );
  return questionnaires.flatMap((q) => {
    const base = `questionnaires/dossier-${q.projectId}-${q.docType}-${q.id}`;
    const { id: _id, version: _version, ...answers } = q.answers;
    return [
      textEntry(`${base}.json`, () =>
        json({
          dossier: q.projectId,
          questionnaire: q.docType,
          commun: q.sharedRole,
          version: q.version,
          progression: q.progress,
          modifieLe: iso(q.updatedAt),
          reponses: answers,
        }),
      ),
      textEntry(`${base}.csv`, () => questionnaireAnswersCsv(getDefinition(q.docType), answers as never)),
    ];
  });
};

/** Stored files worth no second compression (their formats already are). */
const COMPRESSED = /\.(pdf|jpe?g|png|gif|webp)$/i;

/** The files they sent, streamed from the storage one by one. A file gone from the storage is said, not fatal. */
const sentFilesSection: ExportSection = async (ctx, { user, participations }) => {
  const files = await loadSentFiles(ctx.db, user.id, participations);
  return files.map((file) => {
    const path = `fichiers/dossier-${file.projectId}/${file.storedName}`;
    return {
      path,
      async write(zip) {
        let stored;
        try {
          stored = await ctx.storage.open(projectFileKey(file.projectId, file.storedName));
        } catch (error) {
          ctx.log.warn({ err: error, projectId: file.projectId }, 'data export: a sent file is missing from the storage');
          await zip.addBytes(`${path}.absent.txt`, 'Ce fichier est listé dans le dossier mais introuvable sur le serveur.\n');
          return;
        }
        await zip.addStream(path, stored.stream, { compress: !COMPRESSED.test(file.storedName), modifiedAt: new Date(file.sentAt) });
      },
    };
  });
};

/** The messages they wrote (a withdrawn one as the thread shows it). */
const messagesSection: ExportSection = async (ctx, { user }) => {
  const messages = await loadMessagesBy(ctx.db, user.id);
  if (messages.length === 0) return [];
  return [
    textEntry('messages.json', () =>
      json(
        messages.map((m) => ({
          dossier: m.projectId,
          nomDossier: m.projectName,
          conversation: m.thread,
          texte: m.withdrawnAt ? null : m.body,
          retireLe: iso(m.withdrawnAt),
          envoyeLe: iso(m.createdAt),
          fichiers: m.withdrawnAt ? [] : (m.attachments ?? []),
        })),
      ),
    ),
  ];
};

/** What the archive holds, for a person opening it without the product at hand. */
const readmeSection: ExportSection = async () => [
  textEntry('LISEZMOI.txt', () =>
    [
      'Copie de vos données personnelles (RGPD, articles 15 et 20).',
      '',
      'compte.json          votre compte',
      'dossiers.json        les dossiers auxquels vous participez, et ce qui y figure à votre nom',
      'questionnaires/      chaque questionnaire que vous avez rempli : les réponses enregistrées (.json) et lisibles dans un tableur (.csv)',
      'fichiers/            les fichiers que vous avez envoyés, par dossier',
      'messages.json        les messages que vous avez écrits',
      'historique/          votre historique : vos connexions (compte) et, par dossier, les événements concernant vos réponses et vos pièces (.json et .csv)',
      '',
    ].join('\r\n'),
  ),
];

/** In ZIP order. */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
  readmeSection,
  accountSection,
  filesSection,
  questionnairesSection,
  sentFilesSection,
  messagesSection,
  historySection,
];

export async function loadExportSubject(ctx: AppContext, user: UserRow): Promise<ExportSubject> {
  return { user, participations: await loadParticipations(ctx.db, user.id) };
}
