import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, PDF_BYTES, PNG_BYTES } from '../../test/multipart';
import { BACKENDS, bearer, buildTestApp, testConfig, type TestApp } from '../../test/test-app';
import type { AppContext } from '../context';
import {
  dataExports,
  documents,
  participants,
  pieceReminders,
  pieceRequests,
  pieceVersions,
  projects,
  users as userRows,
} from '../db/schema';
import { dataExportKey, projectFileKey } from '../files/storage/storage-keys';
import { mailOutbox } from '../db/schema';
import { issueDownloadToken } from '../modules/downloads/download-tokens';
import { ACCESS_RULES } from './authenticate';

/**
 * Every API route × every kind of caller, each cell the status the spec's
 * permission rules (section 6, `packages/domain/src/projects/permissions.ts`)
 * lead to. The project is a house sale at office 1, status 2 (before
 * signature), opened by the seller; the documents acted on belong to the seller.
 * The rows that signature changes run again on a signed project (status 5).
 */
const ACTORS = [
  'anonymous',
  'seller',
  'buyer',
  'intermediaryParticipant',
  'officeParticipant',
  'clientOfAnotherProject',
  'officeNotary',
  'otherOfficeNotary',
  'intermediary',
  'admin',
  // Climbing from inside the file: the buyer's second account, added by the
  // buyer as a seller (its role unconfirmed), and a notary of another office
  // the buyer added as a buyer.
  'sellerAddedByBuyer',
  'otherOfficeNotaryAsBuyer',
] as const;
type ActorName = (typeof ACTORS)[number];
type SignedIn = Exclude<ActorName, 'anonymous'>;

/** Full access (spec 6 and the office rule): participants whose role counts, the chosen office's members, admins. */
const OPENS_PROJECT: SignedIn[] = [
  'seller',
  'buyer',
  'intermediaryParticipant',
  'officeParticipant',
  'officeNotary',
  'admin',
  'sellerAddedByBuyer',
  'otherOfficeNotaryAsBuyer',
];
const OFFICE_AND_ADMIN: SignedIn[] = ['officeParticipant', 'officeNotary', 'admin'];
/** canViewDocumentOf for a seller's document: the seller, office members, admins, and pro intermediaries of the project. */
const READS_SELLER_DOCUMENT: SignedIn[] = ['seller', 'intermediaryParticipant', 'officeParticipant', 'officeNotary', 'admin'];
/** canEditDocumentOf for a seller's document: the seller's role, office members, admins. */
const EDITS_SELLER_DOCUMENT: SignedIn[] = ['seller', 'officeParticipant', 'officeNotary', 'admin'];
/** Participants with access (rename, cover): not the office member who does not take part. */
const PARTICIPANTS_WITH_ACCESS: SignedIn[] = [
  'seller',
  'buyer',
  'intermediaryParticipant',
  'officeParticipant',
  'admin',
  'sellerAddedByBuyer',
  'otherOfficeNotaryAsBuyer',
];
/** Office staff (a notary_office) and admins: the drafting software's bridge, whichever project. */
const OFFICE_STAFF: SignedIn[] = ['officeParticipant', 'officeNotary', 'otherOfficeNotary', 'admin', 'otherOfficeNotaryAsBuyer'];
/** Participants the project opens to without the seller's confirmed role: a save of the seller's questionnaire answers 401 (spec). */
const INSIDE_WITHOUT_SELLER_ROLE = { buyer: 401, intermediaryParticipant: 401, sellerAddedByBuyer: 401, otherOfficeNotaryAsBuyer: 401 };
const EVERYONE_SIGNED_IN = ACTORS.filter((a): a is SignedIn => a !== 'anonymous');
/** Issue 27: the callers for whom a second factor is optional (none set up here). */
const WITHOUT_MANDATORY_FACTOR = EVERYONE_SIGNED_IN.filter((a) => !OFFICE_STAFF.includes(a));

/** The expected status of each caller: `ok` for those allowed, `denied` for the other signed-in ones, 401 for anonymous. */
function cells(
  allowed: readonly SignedIn[],
  ok: number,
  denied: number,
  overrides: Partial<Record<ActorName, number>> = {},
): Record<ActorName, number> {
  const row = Object.fromEntries(ACTORS.map((a) => [a, a === 'anonymous' ? 401 : allowed.includes(a) ? ok : denied])) as Record<
    ActorName,
    number
  >;
  return { ...row, ...overrides };
}
/** WebAuthn answers shaped as a browser's, whose client data carries no challenge (`{}`): refused before any signature check. */
const FAKE_ASSERTION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
};
const FAKE_REGISTRATION = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'AAAA' },
};
const same = (status: number) => Object.fromEntries(ACTORS.map((a) => [a, status])) as Record<ActorName, number>;

interface Fixture {
  projectId: number;
  sellerPid: number;
  buyerPid: number;
  pendingPid: number;
  plantedPid: number;
  questionnaireId: number;
  drawerId: number;
  storedFile: string;
  /** Issue 22: the seller's identity piece, received (from the drawer's file). */
  pieceRequestId: number;
  /** The seller's diagnostics piece and the termites report sent for it. */
  diagnosticsRequestId: number;
  pieceVersionId: number;
  /** Issue 28: the seller's message in the everyone-thread, sent a minute ago. */
  messageId: number;
  attachmentId: number;
}

interface Call {
  payload?: unknown;
  url?: string;
  headers?: Record<string, string>;
  /** Links open in a new tab: no bearer token sent. */
  withoutBearer?: boolean;
}

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The route as registered. */
  route: string;
  /** Builds the request for one caller on a fixture; the URL defaults to the route with the fixture's ids. */
  call: (f: Fixture, who: ActorName) => Call | Promise<Call>;
  expected: Record<ActorName, number>;
  /** Read-only calls share one fixture; the others get a fresh project per cell. */
  readOnly?: boolean;
}

describe.each(BACKENDS)('authorization matrix on %s', (backend) => {
  let t: TestApp;
  const users = {} as Record<SignedIn, { id: number; email: string; password: string; headers: Record<string, string> }>;
  let shared: Fixture;
  let downloadCtx: AppContext;
  /** A real image: the avatar is decoded and re-encoded by the server. */
  let photo: Buffer;

  const ROWS: Row[] = [
    // Accounts: open to anyone, whoever calls.
    {
      method: 'POST',
      route: '/api/users/signup',
      expected: same(201),
      call: (_f, who) => ({
        payload: {
          email: `nouveau-${who}-${Math.random().toString(36).slice(2)}@exemple.fr`,
          password: 'Kq7#vLp2!xWr9',
          passwordConfirm: 'Kq7#vLp2!xWr9',
          firstName: 'Léa',
          lastName: 'Petit',
        },
      }),
    },
    {
      method: 'POST',
      route: '/api/users/login',
      readOnly: true,
      expected: same(200),
      call: () => ({ payload: { login: users.seller.email, password: users.seller.password } }),
    },
    { method: 'POST', route: '/api/users/reset/password', expected: same(200), call: () => ({ payload: { email: users.buyer.email } }) },
    {
      method: 'POST',
      route: '/api/users/email/confirm',
      readOnly: true,
      expected: same(400),
      call: () => ({ payload: { email: users.buyer.email, token: 'pas-le-bon-jeton' } }),
    },
    {
      method: 'POST',
      route: '/api/users/email/resendConfirm',
      expected: same(200),
      call: () => ({ payload: { email: users.buyer.email } }),
    },
    { method: 'GET', route: '/api/notaryoffices', readOnly: true, expected: same(200), call: () => ({}) },
    { method: 'GET', route: '/api/notaryoffices/:id', readOnly: true, expected: same(200), call: () => ({ url: '/api/notaryoffices/1' }) },
    { method: 'GET', route: '/api/docs', readOnly: true, expected: same(200), call: () => ({}) },
    { method: 'GET', route: '/api/docs/ui', readOnly: true, expected: same(200), call: () => ({}) },
    { method: 'GET', route: '/api/docs/ui/static/index.html', readOnly: true, expected: same(302), call: () => ({}) },
    { method: 'GET', route: '/api/docs/ui/static/swagger-initializer.js', readOnly: true, expected: same(200), call: () => ({}) },
    {
      method: 'GET',
      route: '/api/docs/ui/static/*',
      readOnly: true,
      expected: same(200),
      call: () => ({ url: '/api/docs/ui/static/swagger-ui.css' }),
    },
    { method: 'GET', route: '/api/docs/ui/json', readOnly: true, expected: same(200), call: () => ({}) },
    { method: 'GET', route: '/api/docs/ui/yaml', readOnly: true, expected: same(200), call: () => ({}) },
    // The signed-in user's own things.
    { method: 'GET', route: '/api/users/me', readOnly: true, expected: cells(EVERYONE_SIGNED_IN, 200, 403), call: () => ({}) },
    { method: 'GET', route: '/api/projects/mine', readOnly: true, expected: cells(EVERYONE_SIGNED_IN, 200, 403), call: () => ({}) },
    { method: 'GET', route: '/api/documents/mine', readOnly: true, expected: cells(EVERYONE_SIGNED_IN, 200, 403), call: () => ({}) },
    // Issue 27: open to every session (and through the stronger-password gate); a wrong current password changes nothing: 400.
    {
      method: 'POST',
      route: '/api/users/me/password',
      readOnly: true,
      expected: cells(EVERYONE_SIGNED_IN, 400, 403),
      call: () => ({ payload: { password: 'PasLeBon42', passwordNew: 'Vq8$kTn3#pZw6', passwordNewConfirm: 'Vq8$kTn3#pZw6' } }),
    },
    // Nobody has an address change pending: 409 for all, past the token check.
    {
      method: 'POST',
      route: '/api/users/email/resendPending',
      expected: cells(EVERYONE_SIGNED_IN, 409, 403),
      call: () => ({ payload: {} }),
    },
    {
      method: 'POST',
      route: '/api/project',
      expected: cells(EVERYONE_SIGNED_IN, 201, 403),
      call: () => ({ payload: { name: 'Nouveau dossier', type: 'realty', subtype: 'land', role: 'buyer' } }),
    },
    // Self or admin: the seller's account.
    {
      method: 'GET',
      route: '/api/users/:id',
      readOnly: true,
      expected: cells(['seller', 'admin'], 200, 403),
      call: () => ({ url: `/api/users/${users.seller.id}` }),
    },
    {
      method: 'PATCH',
      route: '/api/users/:id',
      expected: cells(['seller', 'admin'], 200, 403),
      call: () => ({ url: `/api/users/${users.seller.id}`, payload: { firstName: 'Jeanne' } }),
    },
    // Admin only.
    { method: 'GET', route: '/api/projects/open', readOnly: true, expected: cells(['admin'], 200, 403), call: () => ({}) },
    // changerole: 403 for whoever the project does not open to, then the admin-only refusal (403).
    // Confirming a role given by someone outside it: a confirmed role mate, the chosen office, admins.
    {
      method: 'PATCH',
      route: '/api/participant/:id/confirmrole',
      expected: cells(['seller', ...OFFICE_AND_ADMIN], 200, 403),
      call: (f) => ({ url: `/api/participant/${f.plantedPid}/confirmrole` }),
    },
    {
      method: 'PATCH',
      route: '/api/participant/:id/changerole',
      expected: cells(['admin'], 200, 403),
      call: (f) => ({ url: `/api/participant/${f.pendingPid}/changerole`, payload: { role: 'seller' } }),
    },
    // document/owner: spec section 8 answers non-admins 401.
    {
      method: 'PATCH',
      route: '/api/document/owner',
      expected: cells(['admin'], 200, 401),
      call: (f) => ({ payload: { documentId: f.drawerId, participantId: f.buyerPid } }),
    },
    // The project.
    {
      method: 'GET',
      route: '/api/project/:id',
      readOnly: true,
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}` }),
    },
    {
      method: 'POST',
      route: '/api/project/rename',
      expected: cells(PARTICIPANTS_WITH_ACCESS, 200, 403),
      call: (f) => ({ payload: { id: f.projectId, name: 'Renommé' } }),
    },
    // Any status: office members and admins; others may only submit (status 3), see PATCH.
    {
      method: 'POST',
      route: '/api/project/status',
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: (f) => ({ payload: { id: f.projectId, status: 4 } }),
    },
    {
      method: 'PATCH',
      route: '/api/project/status',
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ payload: { id: f.projectId, status: 3 } }),
    },
    // Switching offices once one is chosen: office members and admins.
    {
      method: 'PATCH',
      route: '/api/project/:id',
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}`, payload: { office: 2 } }),
    },
    {
      method: 'POST',
      route: '/api/project/cover',
      expected: cells(PARTICIPANTS_WITH_ACCESS, 200, 403),
      call: (f) =>
        multipart({ id: String(f.projectId) }, { field: 'cover_image', name: 'couverture.png', content: PNG_BYTES, type: 'image/png' }),
    },
    {
      method: 'DELETE',
      route: '/api/project/cover',
      expected: cells(PARTICIPANTS_WITH_ACCESS, 200, 403),
      call: (f) => ({ payload: { id: f.projectId } }),
    },
    // Archiving and restoring: the chosen office and admins; the creator too until the file is sent (status 3).
    {
      method: 'DELETE',
      route: '/api/project/:id',
      expected: cells(['seller', ...OFFICE_AND_ADMIN], 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}` }),
    },
    {
      method: 'POST',
      route: '/api/project/:id/restore',
      expected: cells(['seller', ...OFFICE_AND_ADMIN], 200, 403),
      call: async (f) => {
        await t.database.db.update(projects).set({ isArchived: true }).where(eq(projects.id, f.projectId));
        return { url: `/api/project/${f.projectId}/restore` };
      },
    },
    // People.
    {
      method: 'POST',
      route: '/api/project/:id/addperson',
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/addperson`, payload: { firstName: 'Hugo', lastName: 'Bernard', role: 'buyer' } }),
    },
    {
      method: 'DELETE',
      route: '/api/project/:id/removeparticipant',
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/removeparticipant`, payload: { participantId: f.pendingPid } }),
    },
    // A person who never signed in is the inviter's to correct: anyone the project opens to.
    {
      method: 'PATCH',
      route: '/api/participant',
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ payload: { id: f.pendingPid, firstName: 'Paul', lastName: 'Corrigé' } }),
    },
    // Documents of the seller.
    {
      method: 'POST',
      route: '/api/participant/adddocument',
      expected: cells(EDITS_SELLER_DOCUMENT, 200, 403),
      call: (f) => ({
        payload: { projectId: f.projectId, docType: 'document_files', docFileType: 'property_title', participantId: f.sellerPid },
      }),
    },
    {
      method: 'POST',
      route: '/api/project/:id/addfile',
      expected: cells(EDITS_SELLER_DOCUMENT, 200, 403),
      call: (f) => ({
        url: `/api/project/${f.projectId}/addfile`,
        ...multipart({ id: String(f.drawerId) }, { field: 'file', name: 'acte.pdf', content: PDF_BYTES, type: 'application/pdf' }),
      }),
    },
    {
      method: 'DELETE',
      route: '/api/project/:id/removeFile',
      expected: cells(EDITS_SELLER_DOCUMENT, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/removeFile`, payload: { id: f.drawerId, file: f.storedFile } }),
    },
    {
      method: 'DELETE',
      route: '/api/project/:id/removedocument',
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/removedocument`, payload: { documentId: f.drawerId } }),
    },
    // Questionnaire save: 403 outside the project, 401 (spec) inside it without the owner's role.
    {
      method: 'PATCH',
      route: '/api/document',
      expected: cells(EDITS_SELLER_DOCUMENT, 200, 403, INSIDE_WITHOUT_SELLER_ROLE),
      call: (f) => ({
        payload: { docType: 'document_civil_status', document: { id: f.questionnaireId, version: 1, first_name: 'Jeanne' } },
      }),
    },
    {
      method: 'GET',
      route: '/api/download_form/:type/:documentId',
      readOnly: true,
      expected: cells(READS_SELLER_DOCUMENT, 200, 403),
      call: (f) => ({ url: `/api/download_form/civil_status/${f.questionnaireId}` }),
    },
    {
      method: 'GET',
      route: '/api/document/:documentId/answer-marks',
      readOnly: true,
      expected: cells(READS_SELLER_DOCUMENT, 200, 403),
      call: (f) => ({ url: `/api/document/${f.questionnaireId}/answer-marks` }),
    },
    {
      method: 'POST',
      route: '/api/generate_file_token',
      readOnly: true,
      expected: cells(READS_SELLER_DOCUMENT, 200, 403),
      call: (f) => ({ payload: [{ type: 'file', docId: f.drawerId }] }),
    },
    // Links: no bearer; a link issued to the caller opens only while they may still read the document.
    {
      method: 'GET',
      route: '/api/get_file/:docId/:index/:token',
      readOnly: true,
      expected: cells(READS_SELLER_DOCUMENT, 200, 403, { anonymous: 403 }),
      call: async (f, who) => ({ url: `/api/get_file/${f.drawerId}/0/${await linkToken(who, f.drawerId, 'file')}`, withoutBearer: true }),
    },
    {
      method: 'GET',
      route: '/api/get_pdf/:docId/:token',
      readOnly: true,
      expected: cells(READS_SELLER_DOCUMENT, 200, 403, { anonymous: 403 }),
      call: async (f, who) => ({
        url: `/api/get_pdf/${f.questionnaireId}/${await linkToken(who, f.questionnaireId, 'pdf')}`,
        withoutBearer: true,
      }),
    },
    // Site information and the contact form: public (spec sections 2 and 7), whoever calls.
    { method: 'GET', route: '/api/site', readOnly: true, expected: same(200), call: () => ({}) },
    {
      method: 'POST',
      route: '/api/contact',
      expected: same(200),
      call: () => ({
        payload: {
          civility: 'MME',
          firstName: 'Léa',
          lastName: 'Petit',
          phone: '01 23 45 67 89',
          email: 'lea.petit@exemple.fr',
          reason: 'autre',
          message: 'Bonjour, une question.',
        },
      }),
    },
    // The profile (spec sections 3 and 7): one's own photo, or anyone's for an admin; the seller's here.
    {
      method: 'POST',
      route: '/api/users/avatar',
      expected: cells(['seller', 'admin'], 200, 403),
      call: () => multipart({ email: users.seller.email }, { field: 'avatar', name: 'photo.png', content: photo, type: 'image/png' }),
    },
    // Only the user may ask intermediary rights for themself (an admin grants them with the pro toggle instead).
    // The seller asks: their pending flag is cleared before each caller so that every cell starts alike.
    {
      method: 'POST',
      route: '/api/users/askIntermediary',
      expected: cells(['seller'], 200, 403),
      call: async () => {
        await t.database.db.update(userRows).set({ needsRoleChange: false }).where(eq(userRows.id, users.seller.id));
        return { payload: { userId: users.seller.id } };
      },
    },
    // Administration (spec sections 6 and 7): admins only, 403 for the other signed-in users; each change on a fresh user.
    { method: 'GET', route: '/api/admin/users', readOnly: true, expected: cells(['admin'], 200, 403), call: () => ({}) },
    {
      method: 'POST',
      route: '/api/admin/users',
      expected: cells(['admin'], 201, 403),
      call: (_f, who) => ({
        payload: {
          email: `inscrit-${who}-${Math.random().toString(36).slice(2)}@exemple.fr`,
          password: 'Kq7#vLp2!xWr9',
          passwordConfirm: 'Kq7#vLp2!xWr9',
          firstName: 'Léa',
          lastName: 'Petit',
        },
      }),
    },
    {
      method: 'POST',
      route: '/api/admin/user/toggleStatus',
      expected: cells(['admin'], 200, 403),
      call: async () => ({ payload: { id: (await t.createUser({ isEmailConfirmed: false })).id, data: '1', action: 'validated' } }),
    },
    {
      method: 'POST',
      route: '/api/admin/user/roles',
      expected: cells(['admin'], 200, 403),
      call: async () => ({ payload: { id: (await t.createUser()).id, roles: ['ROLE_AGENT'] } }),
    },
    { method: 'GET', route: '/api/projects/open/export', readOnly: true, expected: cells(['admin'], 200, 403), call: () => ({}) },
    { method: 'GET', route: '/api/admin/mails', readOnly: true, expected: cells(['admin'], 200, 403), call: () => ({}) },
    {
      method: 'POST',
      route: '/api/admin/mails/:id/resend',
      expected: cells(['admin'], 200, 403),
      call: async () => ({ url: `/api/admin/mails/${await failedMail()}/resend` }),
    },
    // Issue 27: the second factor. Every signed-in caller here holds a complete session; office staff and admins have TOTP
    // (enrolled by `tokenFor`), the others none. Each acts on their own account only; the reset is an admin's, on another account.
    { method: 'GET', route: '/api/auth/second-factor', readOnly: true, expected: cells(EVERYONE_SIGNED_IN, 200, 200), call: () => ({}) },
    {
      method: 'POST',
      route: '/api/auth/second-factor/verify',
      expected: cells(EVERYONE_SIGNED_IN, 400, 400),
      call: () => ({ payload: { code: '123456' } }),
    },
    {
      method: 'POST',
      route: '/api/auth/second-factor/totp/setup',
      expected: cells(WITHOUT_MANDATORY_FACTOR, 200, 409),
      call: () => ({ payload: {} }),
    },
    {
      method: 'POST',
      route: '/api/auth/second-factor/totp/confirm',
      expected: cells(WITHOUT_MANDATORY_FACTOR, 400, 409),
      call: () => ({ payload: { code: '000000' } }),
    },
    {
      method: 'POST',
      route: '/api/auth/second-factor/backup-codes',
      expected: cells(OFFICE_STAFF, 200, 400),
      call: () => ({ payload: {} }),
    },
    { method: 'DELETE', route: '/api/auth/second-factor', expected: cells(OFFICE_STAFF, 403, 400), call: () => ({}) },
    {
      method: 'POST',
      route: '/api/auth/reauthenticate',
      expected: cells(EVERYONE_SIGNED_IN, 400, 400),
      call: () => ({ payload: { password: 'Mauvais123' } }),
    },
    // Passkeys: nobody here has one; the answers are shaped as a browser's and signed by nobody.
    { method: 'GET', route: '/api/auth/passkeys', readOnly: true, expected: cells(EVERYONE_SIGNED_IN, 200, 200), call: () => ({}) },
    {
      method: 'POST',
      route: '/api/auth/passkeys/registration/options',
      readOnly: true,
      expected: cells(EVERYONE_SIGNED_IN, 200, 200),
      call: () => ({ payload: {} }),
    },
    {
      method: 'POST',
      route: '/api/auth/passkeys/registration',
      readOnly: true,
      expected: cells(EVERYONE_SIGNED_IN, 400, 400),
      call: () => ({ payload: { name: 'Clé', response: FAKE_REGISTRATION } }),
    },
    {
      method: 'DELETE',
      route: '/api/auth/passkeys/:id',
      readOnly: true,
      expected: cells(EVERYONE_SIGNED_IN, 404, 404),
      call: () => ({ url: '/api/auth/passkeys/2000000' }),
    },
    {
      method: 'POST',
      route: '/api/auth/passkeys/authentication/options',
      readOnly: true,
      expected: cells(EVERYONE_SIGNED_IN, 400, 400),
      call: () => ({ payload: {} }),
    },
    {
      method: 'POST',
      route: '/api/auth/second-factor/passkey',
      readOnly: true,
      expected: cells(EVERYONE_SIGNED_IN, 400, 400),
      call: () => ({ payload: { response: FAKE_ASSERTION } }),
    },
    {
      method: 'POST',
      route: '/api/auth/reauthenticate/passkey',
      readOnly: true,
      expected: cells(EVERYONE_SIGNED_IN, 400, 400),
      call: () => ({ payload: { response: FAKE_ASSERTION } }),
    },
    { method: 'POST', route: '/api/users/login/passkey/options', readOnly: true, expected: same(200), call: () => ({ payload: {} }) },
    {
      method: 'POST',
      route: '/api/users/login/passkey',
      readOnly: true,
      expected: same(400),
      call: () => ({ payload: { response: FAKE_ASSERTION } }),
    },
    {
      method: 'POST',
      route: '/api/admin/user/resetSecondFactor',
      expected: cells(['admin'], 200, 403),
      call: async () => {
        const notary = await t.createUser({ isNotary: true, notaryOfficeId: 1 });
        await t.tokenFor(notary.email, notary.password);
        return { payload: { id: notary.id } };
      },
    },
    // Transfer to the drafting software (spec sections 2 and 6): office staff; the records, for those of them the project opens to.
    // Issue 26: each person's data. Their own copies and deletion: any signed-in user, for themself only.
    { method: 'GET', route: '/api/users/me/data-exports', readOnly: true, expected: cells(EVERYONE_SIGNED_IN, 200, 403), call: () => ({}) },
    { method: 'POST', route: '/api/users/me/data-exports', expected: cells(EVERYONE_SIGNED_IN, 201, 403), call: () => ({ payload: {} }) },
    // The seller's ready copy: hers alone; anyone else is answered as if it did not exist.
    {
      method: 'GET',
      route: '/api/users/me/data-exports/:id',
      readOnly: true,
      expected: cells(['seller'], 200, 404),
      call: async () => ({ url: `/api/users/me/data-exports/${await sellerExport()}` }),
    },
    {
      method: 'POST',
      route: '/api/users/me/data-exports/:id/link',
      readOnly: true,
      expected: cells(['seller'], 200, 404),
      call: async () => ({ url: `/api/users/me/data-exports/${await sellerExport()}/link`, payload: {} }),
    },
    // The download: a link the caller got for the seller's copy (only she gets one), or a forged one.
    {
      method: 'GET',
      route: '/api/data-export/:id/:token',
      readOnly: true,
      expected: cells(['seller'], 200, 403, { anonymous: 403 }),
      call: async (_f, who) => {
        const id = await sellerExport();
        const link =
          who === 'anonymous'
            ? undefined
            : await t.app.inject({
                method: 'POST',
                url: `/api/users/me/data-exports/${id}/link`,
                headers: users[who].headers,
                payload: {},
              });
        return {
          url:
            link?.statusCode === 200
              ? link.json().url
              : `/api/data-export/${id}/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.ZmF1eC1qZXRvbi1mb3JnZQ`,
          withoutBearer: true,
        };
      },
    },
    {
      method: 'GET',
      route: '/api/users/me/deletion-plan',
      readOnly: true,
      expected: cells(EVERYONE_SIGNED_IN, 200, 403),
      call: () => ({}),
    },
    // A wrong password: past the token check every signed-in user is asked for theirs (400); an admin is refused first (409). Nobody is deleted.
    {
      method: 'POST',
      route: '/api/users/me/delete',
      expected: cells(EVERYONE_SIGNED_IN, 400, 403, { admin: 409 }),
      call: () => ({ payload: { password: 'PasLeBon123', confirm: true } }),
    },
    { method: 'GET', route: '/api/transfer/bridge', readOnly: true, expected: cells(OFFICE_STAFF, 200, 403), call: () => ({}) },
    {
      method: 'POST',
      route: '/api/project/:id/transfers',
      expected: cells(OFFICE_AND_ADMIN, 201, 403),
      call: (f) => ({
        url: `/api/project/${f.projectId}/transfers`,
        payload: {
          dossier: { id: 'D-12', intitule: 'Vente Matrice', identifiantMetier: '2026-0012' },
          files: [{ type: 'file', docId: f.drawerId, position: 0, filename: 'acte.pdf' }],
          sent: 1,
          outcome: 'succeeded',
        },
      }),
    },
    // Issue 13: who moved the file between offices, for those who may move it (the chosen office's members, admins).
    {
      method: 'GET',
      route: '/api/project/:id/office-moves',
      readOnly: true,
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/office-moves` }),
    },
    {
      method: 'GET',
      route: '/api/project/:id/transfers',
      readOnly: true,
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/transfers` }),
    },
    // Issue 26: the history, to everyone the file opens to (a participant reads the events about their own answers and pieces); its check, admins only.
    {
      method: 'GET',
      route: '/api/project/:id/history',
      readOnly: true,
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/history?limit=5` }),
    },
    {
      method: 'GET',
      route: '/api/project/:id/history.csv',
      readOnly: true,
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/history.csv` }),
    },
    {
      method: 'GET',
      route: '/api/project/:id/history.pdf',
      readOnly: true,
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/history.pdf?kinds=sign_in` }),
    },
    {
      method: 'GET',
      route: '/api/admin/project/:id/history/verify',
      readOnly: true,
      expected: cells(['admin'], 200, 403),
      call: (f) => ({ url: `/api/admin/project/${f.projectId}/history/verify` }),
    },
    // Issue 22, the pieces. The read answers whoever opens the file, each seeing only the pieces whose owner's documents they may read (pieces.test.ts).
    {
      method: 'GET',
      route: '/api/project/:id/pieces',
      readOnly: true,
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/pieces` }),
    },
    // Reviewing: the chosen office and admins; a notary of another office, even inside the file as a buyer, is refused.
    {
      method: 'POST',
      route: '/api/piece/:id/review',
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: (f) => ({
        url: `/api/piece/${f.pieceRequestId}/review`,
        payload: { action: 'to_correct', reason: 'unreadable', text: 'Floue.' },
      }),
    },
    {
      method: 'POST',
      route: '/api/project/:id/pieces/accept',
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/pieces/accept`, payload: { ids: [f.pieceRequestId, f.diagnosticsRequestId] } }),
    },
    // A report's date: whoever may edit the seller's documents (the planted seller and the notary as buyer may not).
    {
      method: 'PATCH',
      route: '/api/piece-version/:id/report',
      expected: cells(EDITS_SELLER_DOCUMENT, 200, 403),
      call: (f) => ({ url: `/api/piece-version/${f.pieceVersionId}/report`, payload: { kind: 'termites', reportDate: '15/03/2026' } }),
    },
    {
      method: 'PATCH',
      route: '/api/project/:id/signing-date',
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/signing-date`, payload: { signingDate: '01/10/2026' } }),
    },
    // Reminding the seller now of the title still owed: the chosen office and admins (each cell on a fresh file: one reminder a day per person).
    // The seller's reminder of the day is forgotten before each caller so that every cell starts alike.
    {
      method: 'POST',
      route: '/api/project/:id/pieces/remind',
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: async (f) => {
        await t.database.db.delete(pieceReminders);
        return { url: `/api/project/${f.projectId}/pieces/remind`, payload: { participantId: f.sellerPid } };
      },
    },
    // A piece nobody asked for ("Autre document") into the seller's drawer: the same callers as the drawer.
    {
      method: 'POST',
      route: '/api/project/:id/addfile',
      expected: cells(EDITS_SELLER_DOCUMENT, 200, 403),
      call: (f) => ({
        url: `/api/project/${f.projectId}/addfile`,
        ...multipart(
          { id: String(f.drawerId), pieceRequestId: 'other' },
          { field: 'file', name: 'autre.pdf', content: PDF_BYTES, type: 'application/pdf' },
        ),
      }),
    },
    // Issue 28: messages. The threads and the everyone-thread: whoever opens the file (an unconfirmed participant too).
    // Counts for the dashboard's cards: any signed-in user; a file they cannot open is left out of the answer (see messages.test.ts).
    {
      method: 'GET',
      route: '/api/messages/unread',
      readOnly: true,
      expected: cells(EVERYONE_SIGNED_IN, 200, 403),
      call: (f) => ({ url: `/api/messages/unread?ids=${f.projectId}` }),
    },
    {
      method: 'GET',
      route: '/api/messages/unread-files',
      readOnly: true,
      expected: cells(EVERYONE_SIGNED_IN, 200, 403),
      call: () => ({ url: '/api/messages/unread-files?limit=5' }),
    },
    {
      method: 'GET',
      route: '/api/project/:id/threads',
      readOnly: true,
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/threads` }),
    },
    {
      method: 'GET',
      route: '/api/project/:id/threads/:thread/messages',
      readOnly: true,
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/threads/everyone/messages` }),
    },
    // The seller's private thread: the seller, the chosen office and admins; not the account the buyer planted as a seller.
    {
      method: 'POST',
      route: '/api/project/:id/threads/:thread/messages',
      expected: cells(['seller', ...OFFICE_AND_ADMIN], 201, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/threads/private-${f.sellerPid}/messages`, payload: { text: 'Bonjour Maître.' } }),
    },
    // The office-internal thread: its members and admins.
    {
      method: 'POST',
      route: '/api/project/:id/threads/:thread/read',
      expected: cells(OFFICE_AND_ADMIN, 200, 403),
      call: (f) => ({ url: `/api/project/${f.projectId}/threads/office/read`, payload: {} }),
    },
    // A message with a file, in the seller's private thread; the everyone-thread's file, to whoever opens the file.
    {
      method: 'POST',
      route: '/api/project/:id/threads/:thread/attachment',
      expected: cells(['seller', ...OFFICE_AND_ADMIN], 201, 403),
      call: (f) => ({
        url: `/api/project/${f.projectId}/threads/private-${f.sellerPid}/attachment`,
        ...multipart({ text: 'Le voici.' }, { field: 'file', name: 'acte.pdf', content: PDF_BYTES, type: 'application/pdf' }),
      }),
    },
    {
      method: 'GET',
      route: '/api/message/:id/attachments/:attachmentId',
      readOnly: true,
      expected: cells(OPENS_PROJECT, 200, 403),
      call: (f) => ({ url: `/api/message/${f.messageId}/attachments/${f.attachmentId}` }),
    },
    // The seller's message of a minute ago: its author alone withdraws it.
    {
      method: 'POST',
      route: '/api/message/:id/withdraw',
      expected: cells(['seller'], 200, 403),
      call: (f) => ({ url: `/api/message/${f.messageId}/withdraw` }),
    },
    // A file sent for the seller's piece: the same callers as the seller's drawer.
    {
      method: 'POST',
      route: '/api/project/:id/addfile',
      expected: cells(EDITS_SELLER_DOCUMENT, 200, 403),
      call: (f) => ({
        url: `/api/project/${f.projectId}/addfile`,
        ...multipart(
          { id: String(f.drawerId), pieceRequestId: String(f.pieceRequestId) },
          { field: 'file', name: 'cni.pdf', content: PDF_BYTES, type: 'application/pdf' },
        ),
      }),
    },
  ];

  function multipart(fields: Record<string, string>, file: Parameters<typeof multipartBody>[1]): Call {
    const body = multipartBody(fields, file);
    return { payload: body.payload, headers: body.headers };
  }

  /** A mail the outbox gave up on, for the admin to send again. */
  /** Issue 26: the seller's ready copy of her data (stored), made once. */
  let sellerExportId: number | undefined;
  async function sellerExport(): Promise<number> {
    if (sellerExportId) return sellerExportId;
    const storedName = `donnees-1-${'a'.repeat(24)}.zip`;
    const [row] = await t.database.db
      .insert(dataExports)
      .values({
        userId: users.seller.id,
        state: 'ready',
        progress: 100,
        storedName,
        sizeBytes: 22,
        createdAt: new Date(),
        finishedAt: new Date(),
        expiresAt: new Date('2100-01-01T00:00:00Z'),
      })
      .returning({ id: dataExports.id });
    await t.storage.putBuffer(
      dataExportKey(users.seller.id, storedName)!,
      Buffer.from('504b0506000000000000000000000000000000000000', 'hex'),
    );
    sellerExportId = row!.id;
    return sellerExportId;
  }

  async function failedMail(): Promise<number> {
    const [row] = await t.database.db
      .insert(mailOutbox)
      .values({
        recipient: 'perdu@exemple.fr',
        subject: 'Confirmation',
        textBody: 'Bonjour',
        htmlBody: '<p>Bonjour</p>',
        status: 'failed',
        attempts: 5,
        failedAt: new Date(),
        lastError: 'ECONNREFUSED',
      })
      .returning({ id: mailOutbox.id });
    return row!.id;
  }

  /** A download link issued to the caller as generate_file_token would; anonymous callers hold a forged one. */
  async function linkToken(who: ActorName, docId: number, kind: 'file' | 'pdf'): Promise<string> {
    if (who === 'anonymous') return 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.ZmF1eC1qZXRvbi1mb3JnZQ';
    // The actors' passwords never change: version 1, as created.
    return issueDownloadToken(downloadCtx, { docId, kind, user: { id: users[who].id, passwordVersion: 1 } });
  }

  /** A fresh house sale at office 1, status 2, with a participant in each role and a pending person. */
  async function createFixture(status = 2): Promise<Fixture> {
    const db = t.database.db;
    const [project] = await db
      .insert(projects)
      .values({ name: 'Vente Matrice', type: 'realty', subtype: 'house', status, notaryOfficeId: 1, creatorId: users.seller.id })
      .returning({ id: projects.id });
    const projectId = project!.id;
    const person = async (
      userId: number | null,
      role: 'seller' | 'buyer' | 'intermediary' | 'office',
      extra: { isCreator?: boolean; email?: string; addedBy?: number; roleConfirmed?: boolean } = {},
    ) => {
      const [row] = await db
        .insert(participants)
        .values({ projectId, userId, role, firstName: 'Prénom', lastName: role, roleConfirmed: true, ...extra })
        .returning({ id: participants.id });
      return row!.id;
    };
    const sellerPid = await person(users.seller.id, 'seller', { isCreator: true });
    const buyerPid = await person(users.buyer.id, 'buyer');
    await person(users.intermediaryParticipant.id, 'intermediary');
    await person(users.officeParticipant.id, 'office');
    const pendingPid = await person(null, 'buyer', { email: `en-attente-${projectId}@exemple.fr` });
    const plantedPid = await person(users.sellerAddedByBuyer.id, 'seller', { addedBy: users.buyer.id, roleConfirmed: false });
    await person(users.otherOfficeNotaryAsBuyer.id, 'buyer', { addedBy: users.buyer.id });
    const storedFile = 'abcdefgh_acte.pdf';
    const [questionnaire] = await db
      .insert(documents)
      .values({ projectId, participantId: sellerPid, kind: 'questionnaire', docType: 'document_civil_statuses' })
      .returning({ id: documents.id });
    const [drawer] = await db
      .insert(documents)
      .values({ projectId, participantId: sellerPid, kind: 'files', docType: 'identity_card', files: [storedFile] })
      .returning({ id: documents.id });
    await t.storage.putBuffer(projectFileKey(projectId, storedFile), PDF_BYTES);
    const piece = async (pieceId: string, fileTypes: string[]) => {
      const [row] = await db
        .insert(pieceRequests)
        .values({
          projectId,
          participantId: sellerPid,
          pieceId,
          label: pieceId,
          origin: 'derived',
          state: 'received',
          reasonText: 'demandé car : Rôle dans le dossier = Vendeur',
          fileTypes,
        })
        .returning({ id: pieceRequests.id });
      return row!.id;
    };
    const pieceRequestId = await piece('identity_document', ['identity_card', 'passport']);
    const diagnosticsRequestId = await piece('technical_diagnostics', ['termites_report']);
    // Still owed by the seller: what the office's "send now" reminds them of.
    await db.insert(pieceRequests).values({
      projectId,
      participantId: sellerPid,
      pieceId: 'property_title',
      label: 'Titre de propriété',
      origin: 'derived',
      state: 'requested',
      fileTypes: ['property_title'],
    });
    await db.insert(pieceVersions).values({
      requestId: pieceRequestId,
      documentId: drawer!.id,
      storedName: storedFile,
      fileType: 'identity_card',
      sentByUserId: users.seller.id,
      sentByName: 'Prénom seller',
    });
    const [version] = await db
      .insert(pieceVersions)
      .values({
        requestId: diagnosticsRequestId,
        storedName: 'abcdefgh_termites.pdf',
        fileType: 'termites_report',
        sentByUserId: users.seller.id,
        sentByName: 'Prénom seller',
        diagnosticKind: 'termites',
      })
      .returning({ id: pieceVersions.id });
    const sentAt = new Date(t.clock.now().getTime() - 60_000).toISOString();
    const thread = await db.execute(
      sql`INSERT INTO message_threads (project_id, kind, created_at) VALUES (${projectId}, 'everyone', ${sentAt}::timestamptz) RETURNING id`,
    );
    const threadId = (thread as { rows: Array<{ id: number }> }).rows[0]!.id;
    const message = await db.execute(
      sql`INSERT INTO messages (thread_id, project_id, author_user_id, author_name, author_side, body, created_at) VALUES (${threadId}, ${projectId}, ${users.seller.id}, 'Prénom seller', 'person', 'Bonjour à tous.', ${sentAt}::timestamptz) RETURNING id`,
    );
    const messageId = (message as { rows: Array<{ id: number }> }).rows[0]!.id;
    const attachment = await db.execute(
      sql`INSERT INTO message_attachments (message_id, position, stored_name, size_bytes) VALUES (${messageId}, 0, 'ijklmnop_plan.pdf', ${PDF_BYTES.length}) RETURNING id`,
    );
    await t.storage.putBuffer(projectFileKey(projectId, 'ijklmnop_plan.pdf'), PDF_BYTES);
    return {
      messageId,
      attachmentId: (attachment as { rows: Array<{ id: number }> }).rows[0]!.id,
      projectId,
      sellerPid,
      buyerPid,
      pendingPid,
      plantedPid,
      questionnaireId: questionnaire!.id,
      drawerId: drawer!.id,
      storedFile,
      pieceRequestId,
      diagnosticsRequestId,
      pieceVersionId: version!.id,
    };
  }

  beforeAll(async () => {
    const generous = { max: 100_000, windowMs: 1000 };
    t = await buildTestApp(backend, {
      rateLimits: {
        loginPerIp: generous,
        loginFailuresPerAccountAndIp: generous,
        loginFailuresPerAccount: generous,
        signupPerIp: generous,
        mailPerIp: generous,
        mailPerEmail: generous,
        contactPerIp: generous,
      },
    });
    photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2c3e50' } })
      .png()
      .toBuffer();
    downloadCtx = { config: { ...testConfig, dataDir: t.dataDir }, now: t.clock.now } as AppContext;
    const profiles: Record<SignedIn, Parameters<TestApp['createUser']>[0]> = {
      seller: {},
      buyer: {},
      intermediaryParticipant: { isPro: true },
      officeParticipant: { isNotary: true, notaryOfficeId: 1 },
      clientOfAnotherProject: {},
      officeNotary: { isNotary: true, notaryOfficeId: 1 },
      otherOfficeNotary: { isNotary: true, notaryOfficeId: 2 },
      intermediary: { isPro: true },
      admin: { roles: ['ROLE_USER', 'ROLE_ADMIN'] },
      sellerAddedByBuyer: {},
      otherOfficeNotaryAsBuyer: { isNotary: true, notaryOfficeId: 2 },
    };
    for (const who of EVERYONE_SIGNED_IN) {
      const user = await t.createUser(profiles[who]);
      users[who] = { ...user, headers: bearer(await t.tokenFor(user.email, user.password)) };
    }
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/project',
      headers: users.clientOfAnotherProject.headers,
      payload: { name: 'Autre dossier', type: 'succession', subtype: 'balance', role: 'client' },
    });
    expect(other.statusCode, other.body).toBe(201);
    shared = await createFixture();
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/download_form/civil_status/${shared.questionnaireId}`,
      headers: users.admin.headers,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
  });
  afterAll(() => t.close());

  it('has a declared access rule and a matrix row for every API route', () => {
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    const undeclared = apiRoutes.filter((r) => !r.access || !(ACCESS_RULES as readonly string[]).includes(r.access));
    expect(undeclared, 'routes without config.access').toEqual([]);
    const rows = new Set(ROWS.map((r) => `${r.method} ${r.route}`));
    expect(
      apiRoutes.map((r) => `${r.method} ${r.url}`).filter((key) => !rows.has(key)),
      'routes without a matrix row',
    ).toEqual([]);
    const registered = new Set(apiRoutes.map((r) => `${r.method} ${r.url}`));
    expect(
      [...rows].filter((key) => !registered.has(key)),
      'matrix rows of no route',
    ).toEqual([]);
  });

  it('declares the access rule its matrix row shows', () => {
    for (const row of ROWS) {
      const access = t.app.routeTable.find((r) => r.method === row.method && r.url === row.route)?.access;
      const openToAll = Object.values(row.expected).every((s) => s !== 401 && s !== 403) || row.route.includes(':token');
      expect(openToAll, `${row.method} ${row.route} declared ${access}`).toBe(access === 'public' || access === 'link');
      if (access === 'admin')
        expect(
          EVERYONE_SIGNED_IN.filter((a) => row.expected[a] < 300),
          row.route,
        ).toEqual(['admin']);
    }
  });

  /**
   * Once signed (status 5 and over) the file is locked: participants no longer
   * add or change documents and people, and read only their own documents;
   * the office and admins still do (section 6, "while status below 5").
   */
  const LOCKED_ROWS: Array<{ route: string; method: Row['method']; expected: Record<ActorName, number> }> = [
    { method: 'PATCH', route: '/api/participant', expected: cells(['admin'], 200, 403) },
    {
      method: 'POST',
      route: '/api/project/:id/addperson',
      expected: cells(OFFICE_AND_ADMIN, 200, 403, { seller: 401, ...INSIDE_WITHOUT_SELLER_ROLE }),
    },
    { method: 'PATCH', route: '/api/participant/:id/confirmrole', expected: cells(OFFICE_AND_ADMIN, 200, 403) },
    { method: 'POST', route: '/api/participant/adddocument', expected: cells(OFFICE_AND_ADMIN, 200, 403) },
    { method: 'POST', route: '/api/project/:id/addfile', expected: cells(OFFICE_AND_ADMIN, 200, 403) },
    { method: 'DELETE', route: '/api/project/:id/removeFile', expected: cells(OFFICE_AND_ADMIN, 200, 403) },
    {
      method: 'PATCH',
      route: '/api/document',
      expected: cells(OFFICE_AND_ADMIN, 200, 403, { seller: 401, ...INSIDE_WITHOUT_SELLER_ROLE }),
    },
    { method: 'GET', route: '/api/download_form/:type/:documentId', expected: cells(['seller', ...OFFICE_AND_ADMIN], 200, 403) },
    { method: 'GET', route: '/api/document/:documentId/answer-marks', expected: cells(['seller', ...OFFICE_AND_ADMIN], 200, 403) },
    { method: 'POST', route: '/api/generate_file_token', expected: cells(['seller', ...OFFICE_AND_ADMIN], 200, 403) },
    {
      method: 'GET',
      route: '/api/get_file/:docId/:index/:token',
      expected: cells(['seller', ...OFFICE_AND_ADMIN], 200, 403, { anonymous: 403 }),
    },
    { method: 'PATCH', route: '/api/project/status', expected: cells(OFFICE_AND_ADMIN, 200, 403) },
    // A sent file is the office's: its creator no longer archives nor restores it.
    { method: 'DELETE', route: '/api/project/:id', expected: cells(OFFICE_AND_ADMIN, 200, 403) },
    { method: 'POST', route: '/api/project/:id/restore', expected: cells(OFFICE_AND_ADMIN, 200, 403) },
    { method: 'POST', route: '/api/project/rename', expected: cells(PARTICIPANTS_WITH_ACCESS, 200, 403) },
    // Issue 22: once signed, only the office sends or dates a seller's piece; reviewing stays the office's.
    { method: 'PATCH', route: '/api/piece-version/:id/report', expected: cells(OFFICE_AND_ADMIN, 200, 403) },
    { method: 'POST', route: '/api/piece/:id/review', expected: cells(OFFICE_AND_ADMIN, 200, 403) },
    // Issue 28: talking goes on after signature (a copy of the deed, the keys), under the same rules.
    { method: 'POST', route: '/api/project/:id/threads/:thread/messages', expected: cells(['seller', ...OFFICE_AND_ADMIN], 201, 403) },
    // No reminders on a signed file: the office is told why (409), the others are refused first.
    { method: 'POST', route: '/api/project/:id/pieces/remind', expected: cells(OFFICE_AND_ADMIN, 409, 403) },
  ];

  async function answersOf(row: Row, status: number, sharedFixture: Fixture | undefined): Promise<Partial<Record<ActorName, number>>> {
    const answers: Partial<Record<ActorName, number>> = {};
    for (const who of ACTORS) {
      const fixture = row.readOnly && sharedFixture ? sharedFixture : await createFixture(status);
      const call = await row.call(fixture, who);
      const res = await t.app.inject({
        method: row.method,
        url: call.url ?? row.route,
        headers: { ...(who === 'anonymous' || call.withoutBearer ? {} : users[who].headers), ...call.headers },
        ...(call.payload === undefined ? {} : { payload: call.payload as object }),
      });
      answers[who] = res.statusCode;
      if (res.statusCode >= 400) expect(typeof res.json().message, `${who}: ${res.body}`).toBe('string');
    }
    return answers;
  }

  for (const locked of LOCKED_ROWS) {
    it(`${locked.method} ${locked.route} once the project is signed`, async () => {
      const row = ROWS.find((r) => r.method === locked.method && r.route === locked.route)!;
      expect(await answersOf(row, 5, undefined)).toEqual(locked.expected);
    });
  }

  for (const row of ROWS) {
    it(`${row.method} ${row.route}`, async () => {
      expect(await answersOf(row, 2, shared)).toEqual(row.expected);
    });
  }
});
