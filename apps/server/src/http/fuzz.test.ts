import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorAnswer } from '../../test/error-answers';
import { multipartBody, PDF_BYTES, PNG_BYTES } from '../../test/multipart';
import { bearer, buildTestApp, type TestApp } from '../../test/test-app';
import { documents, participants, pieceRequests, pieceVersions, projects } from '../db/schema';
import { projectFileKey } from '../files/storage/storage-keys';
import { mailOutbox } from '../db/schema';

/**
 * Property-based fuzzing of every API route's body, query and path: each run
 * takes a valid request of the route and breaks one part of it (or all of it)
 * with hostile values. Whatever comes, the server answers below 500, in the
 * French `{message}` shape without a stack, keeps answering, and a refused
 * request leaves the database as it was. Bounded: a fixed number of runs per
 * route, on PGlite (the PostgreSQL run of the suite covers the shared code).
 * A failure prints fast-check's seed and path; FUZZ_SEED replays it.
 */
/** FUZZ_RUNS raises it for a deeper search (not in `npm test`). */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const FIELD_NAMES = [
  'id',
  'name',
  'type',
  'subtype',
  'role',
  'status',
  'office',
  'firstName',
  'lastName',
  'email',
  'login',
  'password',
  'passwordConfirm',
  'passwordNew',
  'passwordNewConfirm',
  'notaryOffice',
  'oldOffice',
  'remember',
  'invitation',
  'token',
  'intermediary',
  'projectId',
  'docType',
  'docFileType',
  'participantId',
  'documentId',
  'file',
  'files',
  'document',
  'version',
  'from',
  'to',
  '__proto__',
  'constructor',
  'prototype',
  'userId',
  'data',
  'action',
  'roles',
  'page',
  'perPage',
  'search',
  'sort',
  'order',
  'pending',
  'civility',
  'phone',
  'reason',
  'message',
  'dossier',
  'intitule',
  'identifiantMetier',
  'sent',
  'outcome',
  'position',
  'filename',
  'avatar',
  'ids',
  'kind',
  'reportDate',
  'finding',
  'signingDate',
  'pieceRequestId',
  'text',
  'upTo',
  'before',
  'limit',
  'thread',
  'ids',
  'after',
];

const hostileText = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    "' OR '1'='1",
    '1; DROP TABLE users; --',
    "'); DELETE FROM projects; --",
    '%',
    '_',
    '\\',
    '$ne',
    '../../../etc/passwd',
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\u202Eexe.pdf',
    'Jean\u200Bne',
    '2147483648',
    '99999999999999999999',
    '-1',
    '0',
    '1.5',
    '1e309',
    'NaN',
    'Infinity',
    'true',
    'null',
    '[]',
    '{}',
    '0000-01-01',
    '2026-02-31',
    'document_files',
    'document_civil_status',
    'seller',
    'office',
    'realty',
    'house',
    'pdf',
    'file',
    'jeanne@exemple.fr',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 3 }),
  fc.constant('a'.repeat(100_000)),
  fc.constant('é\u0000'.repeat(50_000)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, -(2 ** 63), 1e308, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const leaf = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null));
const key = fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 12 }));
const { value: hostileValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
}));
/** JSON texts a serializer would never write: prototype keys, duplicates, deep nesting, broken syntax. */
const rawJson = fc.constantFrom(
  '{"__proto__":{"isAdmin":true,"roles":["ROLE_ADMIN"]},"name":"x"}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"id":1,"id":"deux"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}}`,
  '{"name": "\\u0000"}',
  '{"name": "\\ud800"}',
  '{"id": 1e400}',
  '{"id": 123456789012345678901234567890}',
  '{',
  '',
  'null',
);
const hostileQuery = fc.dictionary(key, fc.oneof(hostileText, fc.array(hostileText, { maxLength: 3 })), { maxKeys: 3 });

/** One mutation of a valid request. */
type Mutation =
  | { kind: 'field'; field: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'param'; index: number; value: string }
  | { kind: 'query'; query: Record<string, unknown> };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('field' as const), field: key, value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('body' as const), value: hostileValue }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      text: rawJson,
      contentType: fc.constantFrom(
        'application/json',
        'application/x-www-form-urlencoded',
        'text/plain',
        'multipart/form-data; boundary=x',
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('param' as const),
      index: fc.nat(3),
      value: fc.oneof(hostileText, hostileNumber.map(String)),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('query' as const), query: hostileQuery }) },
);

const multipartMutation = fc.record({
  fields: fc.dictionary(
    fc.oneof(fc.constantFrom('id', 'file', 'cover_image', 'email', 'pieceRequestId', '__proto__'), fc.string({ maxLength: 8 })),
    fc.oneof(hostileText, hostileNumber.map(String), fc.constant('other')),
    { maxKeys: 3 },
  ),
  filename: fc.oneof(
    fc.constantFrom('acte.pdf', '../../x.pdf', 'a\u0000.pdf', '\u202Efdp.exe', 'con', '.', ''),
    hostileText.filter((s) => !/["\r\n]/.test(s) && s.length < 300),
  ),
  content: fc.oneof(
    fc.constantFrom(PDF_BYTES, PNG_BYTES, Buffer.alloc(0)),
    fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  ),
  fileField: fc.constantFrom('file', 'cover_image', 'avatar', 'autre'),
});

interface Fixture {
  projectId: number;
  sellerPid: number;
  pendingPid: number;
  questionnaireId: number;
  drawerId: number;
  sellerId: number;
  adminId: number;
  failedMailId: number;
  /** Issue 22: the seller's diagnostics piece, received, and the report sent for it. */
  pieceRequestId: number;
  pieceVersionId: number;
  /** Issue 28: a message of the admin's, withdrawable. */
  messageId: number;
  attachmentId: number;
  /** A decodable image, for the profile photo. */
  photo: Buffer;
}

interface Template {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  multipart?: boolean;
  /** The valid multipart request's fields and file (by default the drawer or project id and a PDF in `file`). */
  fields?: Record<string, string>;
  fileField?: string;
  content?: Buffer;
}

/** WebAuthn answers shaped as a browser's (client data `{}`, no challenge): the mutations reach the ceremonies' parsing. */
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

/** A valid request of each route, on the fixture: the mutations start from it so that they reach deep code. */
function templateOf(method: string, url: string, f: Fixture): Template | undefined {
  const key = `${method} ${url}`;
  const templates: Record<string, Template> = {
    'POST /api/users/signup': {
      body: {
        email: 'nouveau@exemple.fr',
        password: 'Kq7#vLp2!xWr9',
        passwordConfirm: 'Kq7#vLp2!xWr9',
        firstName: 'Léa',
        lastName: 'Petit',
      },
    },
    'POST /api/users/login': { body: { login: 'vendeur@exemple.fr', password: 'Kq7#vLp2!xWr9', remember: 'yes' } },
    'POST /api/users/reset/password': { body: { email: 'vendeur@exemple.fr', password: 'Cerisier2', token: 'abc' } },
    'POST /api/users/email/confirm': { body: { email: 'vendeur@exemple.fr', token: 'abc' } },
    'POST /api/users/email/resendConfirm': { body: { email: 'vendeur@exemple.fr' } },
    'GET /api/users/me': {},
    // A wrong current password: a mutation never changes the fixture's password.
    'POST /api/users/me/password': { body: { password: 'PasLeBon42', passwordNew: 'Vq8$kTn3#pZw6', passwordNewConfirm: 'Vq8$kTn3#pZw6' } },
    'GET /api/users/:id': { params: { id: String(f.sellerId) } },
    'PATCH /api/users/:id': { params: { id: String(f.sellerId) }, body: { firstName: 'Jeanne', lastName: 'Durand', notaryOffice: '' } },
    'GET /api/notaryoffices': {},
    'GET /api/notaryoffices/:id': { params: { id: '1' } },
    'GET /api/docs': {},
    'GET /api/docs/ui': {},
    'GET /api/docs/ui/static/index.html': {},
    'GET /api/docs/ui/static/swagger-initializer.js': {},
    'GET /api/docs/ui/static/*': { params: { '*': 'swagger-ui.css' } },
    'GET /api/docs/ui/json': {},
    'GET /api/docs/ui/yaml': {},
    'GET /api/projects/mine': { query: { archived: 'true', limit: '5' } },
    'GET /api/projects/open': { query: { from: '2026-01-01', to: '2026-12-31' } },
    'GET /api/project/:id': { params: { id: String(f.projectId) } },
    'POST /api/project': { body: { name: 'Dossier', type: 'realty', subtype: 'house', role: 'seller' } },
    'POST /api/project/rename': { body: { id: f.projectId, name: 'Renommé' } },
    'POST /api/project/status': { body: { id: f.projectId, status: 2 } },
    'PATCH /api/project/status': { body: { id: f.projectId, status: 2 } },
    'PATCH /api/project/:id': { params: { id: String(f.projectId) }, body: { office: 1 } },
    'POST /api/project/cover': { multipart: true },
    'DELETE /api/project/cover': { body: { id: f.projectId } },
    'DELETE /api/project/:id': { params: { id: String(f.projectId) } },
    'POST /api/project/:id/restore': { params: { id: String(f.projectId) } },
    'POST /api/project/:id/addperson': {
      params: { id: String(f.projectId) },
      body: { firstName: 'Hugo', lastName: 'Bernard', role: 'buyer' },
    },
    'DELETE /api/project/:id/removeparticipant': { params: { id: String(f.projectId) }, body: { participantId: f.pendingPid } },
    'PATCH /api/participant': { body: { id: f.pendingPid, firstName: 'Paul', lastName: 'Martin' } },
    'PATCH /api/participant/:id/changerole': { params: { id: String(f.pendingPid) }, body: { role: 'buyer' } },
    'PATCH /api/participant/:id/confirmrole': { params: { id: String(f.pendingPid) } },
    'POST /api/participant/adddocument': {
      body: { projectId: f.projectId, docType: 'document_files', docFileType: 'identity_card', participantId: f.sellerPid },
    },
    'POST /api/project/:id/addfile': { params: { id: String(f.projectId) }, multipart: true },
    'DELETE /api/project/:id/removeFile': { params: { id: String(f.projectId) }, body: { id: f.drawerId, file: 'abcdefgh_acte.pdf' } },
    'DELETE /api/project/:id/removedocument': { params: { id: String(f.projectId) }, body: { documentId: f.drawerId } },
    'PATCH /api/document/owner': { body: { documentId: f.drawerId, participantId: f.sellerPid } },
    'GET /api/documents/mine': {},
    'PATCH /api/document': {
      body: { docType: 'document_civil_status', document: { id: f.questionnaireId, version: 1, first_name: 'Jeanne', dob: '1980-02-03' } },
    },
    'GET /api/download_form/:type/:documentId': { params: { type: 'civil_status', documentId: String(f.questionnaireId) } },
    'GET /api/document/:documentId/answer-marks': { params: { documentId: String(f.questionnaireId) } },
    'POST /api/generate_file_token': { body: [{ type: 'file', docId: f.drawerId }] },
    'GET /api/get_file/:docId/:index/:token': { params: { docId: String(f.drawerId), index: '0', token: 'eyJhbGciOiJIUzI1NiJ9.e30.abc' } },
    'GET /api/get_pdf/:docId/:token': { params: { docId: String(f.questionnaireId), token: 'eyJhbGciOiJIUzI1NiJ9.e30.abc' } },
    'GET /api/site': {},
    'POST /api/contact': {
      body: {
        civility: 'MME',
        firstName: 'Léa',
        lastName: 'Petit',
        phone: '01 23 45 67 89',
        email: 'lea@exemple.fr',
        reason: 'autre',
        message: 'Bonjour.',
      },
    },
    'POST /api/users/avatar': { multipart: true, fields: { email: 'vendeur@exemple.fr' }, fileField: 'avatar', content: f.photo },
    'POST /api/users/askIntermediary': { body: { userId: f.adminId } },
    'POST /api/users/email/resendPending': { body: {} },
    'GET /api/admin/users': { query: { page: '1', search: 'Durand', sort: 'name', order: 'asc', pending: '0' } },
    'POST /api/admin/users': {
      body: {
        email: 'inscrit@exemple.fr',
        password: 'Kq7#vLp2!xWr9',
        passwordConfirm: 'Kq7#vLp2!xWr9',
        firstName: 'Léa',
        lastName: 'Petit',
      },
    },
    'POST /api/admin/user/toggleStatus': { body: { id: f.sellerId, data: '1', action: 'validated' } },
    'POST /api/admin/user/roles': { body: { id: f.sellerId, roles: ['ROLE_USER', 'ROLE_AGENT'] } },
    'GET /api/projects/open/export': { query: { from: '2026-01-01', to: '2026-12-31' } },
    'GET /api/admin/mails': { query: { status: 'failed', page: '1', perPage: '20' } },
    'POST /api/admin/mails/:id/resend': { params: { id: String(f.failedMailId) } },
    // Issue 27 (the fuzzing calls as an admin, who has TOTP).
    'GET /api/auth/second-factor': {},
    'POST /api/auth/second-factor/verify': { body: { code: '123456' } },
    'POST /api/auth/second-factor/totp/setup': { body: {} },
    'POST /api/auth/second-factor/totp/confirm': { body: { code: '123456' } },
    'POST /api/auth/second-factor/backup-codes': { body: {} },
    'DELETE /api/auth/second-factor': {},
    'POST /api/auth/reauthenticate': { body: { code: '123456' } },
    // Passkeys: answers shaped as a browser's, signed by nobody.
    'GET /api/auth/passkeys': {},
    'POST /api/auth/passkeys/registration/options': { body: {} },
    'POST /api/auth/passkeys/registration': { body: { name: 'Clé du bureau', response: FAKE_REGISTRATION } },
    'DELETE /api/auth/passkeys/:id': { params: { id: '2000000' } },
    'POST /api/auth/passkeys/authentication/options': { body: {} },
    'POST /api/auth/second-factor/passkey': { body: { response: FAKE_ASSERTION } },
    'POST /api/auth/reauthenticate/passkey': { body: { response: FAKE_ASSERTION } },
    'POST /api/users/login/passkey/options': { body: {} },
    'POST /api/users/login/passkey': { body: { response: FAKE_ASSERTION, remember: true } },
    'POST /api/admin/user/resetSecondFactor': { body: { id: f.sellerId } },
    'GET /api/transfer/bridge': {},
    'POST /api/project/:id/transfers': {
      params: { id: String(f.projectId) },
      body: {
        dossier: { id: 'D-12', intitule: 'Vente', identifiantMetier: '2026-0012' },
        files: [{ type: 'file', docId: f.drawerId, position: 0, filename: 'acte.pdf' }],
        sent: 1,
        outcome: 'succeeded',
      },
    },
    'GET /api/project/:id/office-moves': { params: { id: String(f.projectId) } },
    'GET /api/project/:id/transfers': { params: { id: String(f.projectId) }, query: { page: '1' } },
    'GET /api/project/:id/history': {
      params: { id: String(f.projectId) },
      query: { limit: '20', kinds: 'sign_in,answers_changed', from: '2026-11-01', to: '2026-11-30' },
    },
    'GET /api/project/:id/history.csv': { params: { id: String(f.projectId) }, query: { kinds: 'piece_sent', actor: 'system' } },
    'GET /api/project/:id/history.pdf': { params: { id: String(f.projectId) }, query: { kinds: 'transfer' } },
    'GET /api/admin/project/:id/history/verify': { params: { id: String(f.projectId) } },
    'GET /api/project/:id/pieces': { params: { id: String(f.projectId) } },
    'POST /api/piece/:id/review': {
      params: { id: String(f.pieceRequestId) },
      body: { action: 'to_correct', reason: 'unreadable', text: 'Floue.' },
    },
    'POST /api/project/:id/pieces/accept': { params: { id: String(f.projectId) }, body: { ids: [f.pieceRequestId] } },
    'PATCH /api/piece-version/:id/report': {
      params: { id: String(f.pieceVersionId) },
      body: { kind: 'lead', reportDate: '15/03/2026', finding: 'found' },
    },
    'PATCH /api/project/:id/signing-date': { params: { id: String(f.projectId) }, body: { signingDate: '01/10/2026' } },
    'POST /api/project/:id/pieces/remind': { params: { id: String(f.projectId) }, body: { participantId: f.sellerPid } },
    'GET /api/messages/unread-files': { query: { limit: '5' } },
    'GET /api/messages/unread': { query: { ids: `${f.projectId},1` } },
    'GET /api/project/:id/threads': { params: { id: String(f.projectId) } },
    'GET /api/project/:id/threads/:thread/messages': {
      params: { id: String(f.projectId), thread: `private-${f.sellerPid}` },
      query: { limit: '10' },
    },
    'POST /api/project/:id/threads/:thread/messages': {
      params: { id: String(f.projectId), thread: 'everyone' },
      body: { text: 'Bonjour Maître.', pieceRequestId: f.pieceRequestId },
    },
    'POST /api/project/:id/threads/:thread/read': { params: { id: String(f.projectId), thread: 'office' }, body: {} },
    'POST /api/project/:id/threads/:thread/attachment': {
      params: { id: String(f.projectId), thread: 'everyone' },
      multipart: true,
      fields: { text: 'Le voici.' },
    },
    'GET /api/message/:id/attachments/:attachmentId': { params: { id: String(f.messageId), attachmentId: String(f.attachmentId) } },
    'POST /api/message/:id/withdraw': { params: { id: String(f.messageId) } },
    // Issue 26: the admin's own copies (none ready: the link answers 404/409) and deletion (an admin is refused: nothing is deleted).
    'GET /api/users/me/data-exports': {},
    'POST /api/users/me/data-exports': { body: {} },
    'GET /api/users/me/data-exports/:id': { params: { id: '1' } },
    'POST /api/users/me/data-exports/:id/link': { params: { id: '1' }, body: {} },
    'GET /api/data-export/:id/:token': { params: { id: '1', token: 'eyJhbGciOiJIUzI1NiJ9.e30.abc' } },
    'GET /api/users/me/deletion-plan': {},
    'POST /api/users/me/delete': { body: { password: 'Motdepasse1', confirm: true } },
  };
  return templates[key];
}

/** Percent-encodes any string, lone surrogates included (as the invalid UTF-8 a hostile client would send). */
function encodeLoosely(value: string): string {
  return Array.from(value)
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        const c = ch.charCodeAt(0);
        return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
    })
    .join('');
}

function fillPath(url: string, params: Record<string, string>): string {
  // `:name` parameters, and a final `*` (a folder's files).
  return url.replace(/:(\w+)|\*$/g, (_m, name: string | undefined) => encodeLoosely(params[name ?? '*'] ?? '1'));
}

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const pairs = Object.entries(query).flatMap(([k, v]) =>
    (Array.isArray(v) ? v : [v]).map((item) => `${encodeLoosely(k)}=${encodeLoosely(String(item))}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** Not a stack, a file path, a SQL text or an English library message. */
const LEAK =
  /\n\s+at |node_modules|\.ts:\d+|\.js:\d+|SELECT |INSERT |UPDATE |syntax error|violates|Cannot read|undefined is not|TypeError|RangeError/;

describe('fuzzing every API route (fast-check, PGlite)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let fixture: Fixture;
  let digestQuery: string;

  /** One text per table: its rows, hashed; compared before and after a refused request. */
  async function databaseDigest(): Promise<string> {
    const result = (await t.database.db.execute(sql.raw(digestQuery))) as unknown as { rows: Array<{ digest: string }> };
    return result.rows[0]!.digest;
  }

  beforeAll(async () => {
    const generous = { max: 1_000_000, windowMs: 1000 };
    t = await buildTestApp('pglite', {
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
    const adminUser = await t.createUser({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    admin = bearer(await t.tokenFor(adminUser.email, adminUser.password));
    const seller = await t.createUser({ email: 'vendeur@exemple.fr' });
    const db = t.database.db;
    const [project] = await db
      .insert(projects)
      .values({ name: 'Vente', type: 'realty', subtype: 'house', status: 2, notaryOfficeId: 1, creatorId: seller.id })
      .returning({ id: projects.id });
    const projectId = project!.id;
    const [sellerP] = await db
      .insert(participants)
      .values({ projectId, userId: seller.id, role: 'seller', firstName: 'Jeanne', lastName: 'Durand', isCreator: true })
      .returning({ id: participants.id });
    const [pending] = await db
      .insert(participants)
      .values({ projectId, role: 'buyer', firstName: 'Paul', lastName: 'Martin', email: 'paul@exemple.fr' })
      .returning({ id: participants.id });
    const [questionnaire] = await db
      .insert(documents)
      .values({ projectId, participantId: sellerP!.id, kind: 'questionnaire', docType: 'document_civil_statuses' })
      .returning({ id: documents.id });
    const [drawer] = await db
      .insert(documents)
      .values({ projectId, participantId: sellerP!.id, kind: 'files', docType: 'identity_card', files: ['abcdefgh_acte.pdf'] })
      .returning({ id: documents.id });
    await t.storage.putBuffer(projectFileKey(projectId, 'abcdefgh_acte.pdf'), PDF_BYTES);
    const [failed] = await db
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
    const [piece] = await db
      .insert(pieceRequests)
      .values({
        projectId,
        participantId: sellerP!.id,
        pieceId: 'technical_diagnostics',
        label: 'Diagnostics',
        origin: 'derived',
        state: 'received',
        fileTypes: ['lead_report'],
      })
      .returning({ id: pieceRequests.id });
    const [version] = await db
      .insert(pieceVersions)
      .values({
        requestId: piece!.id,
        storedName: 'abcdefgh_plomb.pdf',
        fileType: 'lead_report',
        sentByName: 'Jeanne Durand',
        diagnosticKind: 'lead',
      })
      .returning({ id: pieceVersions.id });
    // Still owed by the seller: what a reminder lists.
    await db.insert(pieceRequests).values({
      projectId,
      participantId: sellerP!.id,
      pieceId: 'property_title',
      label: 'Titre de propriété',
      origin: 'derived',
      state: 'requested',
      fileTypes: ['property_title'],
    });
    // Issue 28: the admin's message in the everyone-thread (the fuzzing calls as the admin).
    const sentAt = new Date().toISOString();
    const thread = (await db.execute(
      sql`INSERT INTO message_threads (project_id, kind, created_at) VALUES (${projectId}, 'everyone', ${sentAt}::timestamptz) RETURNING id`,
    )) as unknown as { rows: Array<{ id: number }> };
    const message = (await db.execute(
      sql`INSERT INTO messages (thread_id, project_id, author_user_id, author_name, author_side, body, created_at) VALUES (${thread.rows[0]!.id}, ${projectId}, ${adminUser.id}, 'Admin', 'office', 'Bonjour.', ${sentAt}::timestamptz) RETURNING id`,
    )) as unknown as { rows: Array<{ id: number }> };
    const attachment = (await db.execute(
      sql`INSERT INTO message_attachments (message_id, position, stored_name) VALUES (${message.rows[0]!.id}, 0, 'ijklmnop_plan.pdf') RETURNING id`,
    )) as unknown as { rows: Array<{ id: number }> };
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2c3e50' } })
      .png()
      .toBuffer();
    fixture = {
      projectId,
      sellerPid: sellerP!.id,
      pendingPid: pending!.id,
      questionnaireId: questionnaire!.id,
      drawerId: drawer!.id,
      sellerId: seller.id,
      adminId: adminUser.id,
      failedMailId: failed!.id,
      pieceRequestId: piece!.id,
      pieceVersionId: version!.id,
      messageId: message.rows[0]!.id,
      attachmentId: attachment.rows[0]!.id,
      photo,
    };

    // Rate-limit counters are meant to count refused attempts too: they are not part of "the data".
    const tables = (await db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'rate_limits' ORDER BY table_name`,
    )) as unknown as {
      rows: Array<{ table_name: string }>;
    };
    digestQuery = `SELECT concat_ws(',', ${tables.rows.map((r) => `(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM "${r.table_name}" x)`).join(', ')}) AS digest`;
  });
  afterAll(() => t.close());

  it('lists a template for every route, so that no route escapes the fuzzing', () => {
    const missing = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !templateOf(r.method, r.url, fixture))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it(
    'never answers 5xx, leaks nothing, keeps answering and changes nothing when it refuses',
    async () => {
      const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
      for (const route of routes) {
        // The database as the last accepted request left it.
        let baseline = await databaseDigest();
        const template = templateOf(route.method, route.url, fixture)!;
        const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        const arbitrary = template.multipart
          ? fc.tuple(fc.constant<Mutation | null>(null), fc.option(multipartMutation, { nil: null, freq: 8 }))
          : fc.tuple(mutation, fc.constant(null));
        await fc.assert(
          fc.asyncProperty(arbitrary, async ([change, parts]) => {
            const params = { ...template.params };
            let query: Record<string, unknown> | undefined = template.query;
            let body: unknown = template.body;
            let text: string | Buffer | undefined;
            const headers: Record<string, string> = { ...admin };
            if (template.multipart) {
              const m = parts ?? {
                fields: template.fields ?? { id: String(template.params ? fixture.drawerId : fixture.projectId) },
                filename: template.content ? 'photo.png' : 'acte.pdf',
                content: template.content ?? PDF_BYTES,
                fileField: template.fileField ?? 'file',
              };
              const fields = Object.fromEntries(Object.entries(m.fields).map(([k, v]) => [k.replace(/["\r\n]/g, ''), String(v)]));
              const form = multipartBody(fields, { field: m.fileField, name: m.filename, content: m.content, type: 'application/pdf' });
              text = form.payload;
              Object.assign(headers, form.headers);
            } else if (change?.kind === 'field') {
              const base = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
              // A real "__proto__" key in the JSON text, which an object literal would turn into a prototype.
              const inner = JSON.stringify({ ...base, [change.field === '__proto__' ? '__proto_key__' : change.field]: change.value });
              text = inner.replace('"__proto_key__"', '"__proto__"');
            } else if (change?.kind === 'body') body = change.value;
            else if (change?.kind === 'raw') {
              text = change.text;
              headers['content-type'] = change.contentType;
            } else if (change?.kind === 'param' && paramNames.length > 0)
              params[paramNames[change.index % paramNames.length]!] = change.value;
            else if (change?.kind === 'query') query = change.query;
            if (text === undefined && body !== undefined) text = JSON.stringify(body) ?? 'null';
            if (text !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';

            const res = await t.app.inject({
              method: route.method as 'GET',
              url: fillPath(route.url, params) + queryString(query),
              headers,
              ...(text === undefined || route.method === 'GET' ? {} : { payload: text }),
            });
            const where = `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
            expect(res.statusCode, where).toBeLessThan(500);
            expect(res.body, where).not.toMatch(LEAK);
            if (res.statusCode >= 400) {
              // Decision 0085: every refusal carries a code of the catalogue, answered with its status, beside its message.
              expectErrorAnswer(res, res.statusCode, undefined, `${route.method} ${route.url}`);
              expect(await databaseDigest(), `${where}: refused, yet the database changed`).toBe(baseline);
            } else baseline = await databaseDigest();
          }),
          { numRuns: RUNS_PER_ROUTE, seed, endOnFailure: true },
        );
        const alive = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: admin });
        expect(alive.statusCode, `after ${route.method} ${route.url}`).toBe(200);
      }
    },
    120_000 + RUNS_PER_ROUTE * 3000,
  );
});
