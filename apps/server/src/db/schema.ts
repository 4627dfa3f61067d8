import type { AnswerValue } from '@notadoo/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * Typed view of the tables created by the SQL files in ./migrations (the
 * source of truth): every table and column, with its type, nullability,
 * default, primary key and foreign keys. Indexes, unique constraints and
 * CHECKs live in the migrations only (a CHECK's values appear here as the
 * `enum` of a text column). schema.test.ts compares this file with a migrated
 * database.
 */

/** The letters `foldForSearch` (packages/domain) folds, as migrations 0061 and 0180 spell them. */
const FOLDED_FROM = 'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸ';
const FOLDED_TO = 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy';

export const notaryOffices = pgTable('notary_offices', {
  id: serial('id').primaryKey(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  address: text('address').notNull().default(''),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  image: text('image'),
  email: text('email'),
  phone: text('phone'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  linkContact: text('link_contact'),
  linkMoreInfo: text('link_more_info'),
  /** Bumped by a trigger on every update (migration 0220): part of the entity tags of personal answers. */
  revision: bigint('revision', { mode: 'number' }).notNull().default(1),
});

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  passwordHash: text('password_hash').notNull(),
  passwordVersion: integer('password_version').notNull().default(1),
  /** Issue 27: the password meets the staff rule (80 bits); null until a sign-in or a new password tells. */
  passwordMeetsStaffRule: boolean('password_meets_staff_rule'),
  avatar: text('avatar'),
  roles: text('roles').array().notNull().default(['ROLE_USER']),
  isActive: boolean('is_active').notNull().default(true),
  isEmailConfirmed: boolean('is_email_confirmed').notNull().default(false),
  isPro: boolean('is_pro').notNull().default(false),
  isNotary: boolean('is_notary').notNull().default(false),
  needsRoleChange: boolean('needs_role_change').notNull().default(false),
  notaryOfficeId: integer('notary_office_id').references(() => notaryOffices.id, { onDelete: 'set null' }),
  lastConnectionDate: timestamp('last_connection_date', { withTimezone: true, mode: 'date' }),
  previousConnectionDate: timestamp('previous_connection_date', { withTimezone: true, mode: 'date' }),
  scoreEc: integer('score_ec'),
  complexity: integer('complexity'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** A new e-mail not confirmed yet (issue 9); `email` stays in use until then. */
  pendingEmail: text('pending_email'),
  /** Issue 26: the account was deleted by its owner (its row emptied, kept while an office keeps a file naming it). */
  deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  /** Computed by the database (migration 0180), read by the admin's search through its trigram index; never written. */
  searchText: text('search_text').generatedAlwaysAs(sql`fold_for_search(first_name || ' ' || last_name || ' ' || email)`),
  /** Bumped by a trigger on every update (migration 0220): part of the entity tags of personal answers. */
  revision: bigint('revision', { mode: 'number' }).notNull().default(1),
});

export const accountTokens = pgTable('account_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['reset_password', 'confirm_email'] }).notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type', { enum: ['realty', 'succession'] }).notNull(),
  subtype: text('subtype', { enum: ['appt', 'house', 'land', 'settlement', 'balance'] }).notNull(),
  status: integer('status').notNull().default(1),
  coverImage: text('cover_image'),
  isArchived: boolean('is_archived').notNull().default(false),
  notaryOfficeId: integer('notary_office_id').references(() => notaryOffices.id, { onDelete: 'set null' }),
  creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Issue 22: the planned signing, YYYY-MM-DD. */
  signingDate: date('signing_date', { mode: 'string' }),
  /** Issue 22: when the office was last mailed that pieces arrived (at most one mail an hour per file). */
  piecesMailSentAt: timestamp('pieces_mail_sent_at', { withTimezone: true, mode: 'date' }),
  /** Issue 26: when the file's people were warned of its purge (a draft or "Sans suite" file untouched for long). */
  purgeWarnedAt: timestamp('purge_warned_at', { withTimezone: true, mode: 'date' }),
  /** The folded name (migration 0061), searched through its trigram index; computed by the database, never written. */
  searchName: text('search_name').generatedAlwaysAs(sql.raw(`lower(translate(name, '${FOLDED_FROM}', '${FOLDED_TO}'))`)),
  /** Bumped by a trigger on every change of the file, its people, documents or pieces (migration 0220): the page's entity tag. */
  revision: bigint('revision', { mode: 'number' }).notNull().default(1),
});

export const participants = pgTable('participants', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  role: text('role', { enum: ['seller', 'buyer', 'intermediary', 'office', 'spouse', 'heir', 'client'] }).notNull(),
  isCreator: boolean('is_creator').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The user who added this person (issue 9). */
  addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
  /** Shares the role's documents (see the domain's `sharedRoles`). */
  roleConfirmed: boolean('role_confirmed').notNull().default(false),
});

export const documents = pgTable('documents', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  participantId: integer('participant_id').references(() => participants.id, { onDelete: 'set null' }),
  kind: text('kind', { enum: ['questionnaire', 'files'] }).notNull(),
  docType: text('doc_type').notNull(),
  answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
  version: integer('version').notNull().default(1),
  progress: integer('progress').notNull().default(0),
  files: text('files').array().notNull().default([]),
  file: text('file'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The role a realty file's sale or purchase questionnaire is shared by (participantId is then null). */
  sharedRole: text('shared_role', { enum: ['seller', 'buyer'] }),
  /** A person's copy from before the sharing, kept readable. */
  supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
});

export const invitations = pgTable('invitations', {
  id: serial('id').primaryKey(),
  participantId: integer('participant_id')
    .notNull()
    .references(() => participants.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const transfers = pgTable('transfers', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  dossierId: text('dossier_id').notNull(),
  dossierIntitule: text('dossier_intitule').notNull(),
  dossierReference: text('dossier_reference').notNull().default(''),
  files: jsonb('files').$type<Array<{ type: 'pdf' | 'file'; docId: number; position?: number; filename: string }>>().notNull(),
  filesCount: integer('files_count').notNull(),
  sentCount: integer('sent_count').notNull(),
  outcome: text('outcome', { enum: ['succeeded', 'failed', 'interrupted'] }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const schema = { schemaMigrations, projects, participants, documents, invitations, notaryOffices, users, accountTokens, transfers };

// Issue 13 (journeys): moves of a project between offices.
export const projectOfficeMoves = pgTable('project_office_moves', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  movedBy: integer('moved_by').references(() => users.id, { onDelete: 'set null' }),
  fromOfficeId: integer('from_office_id')
    .notNull()
    .references(() => notaryOffices.id),
  toOfficeId: integer('to_office_id')
    .notNull()
    .references(() => notaryOffices.id),
  movedAt: timestamp('moved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// Issue 11: rate-limit counters shared by the server processes (UNLOGGED in the migration).
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// Issue 22: the pieces of a file (migration 0140).
export const pieceRequests = pgTable('piece_requests', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  participantId: integer('participant_id')
    .notNull()
    .references(() => participants.id, { onDelete: 'cascade' }),
  pieceId: text('piece_id').notNull(),
  label: text('label').notNull(),
  origin: text('origin', { enum: ['derived', 'office', 'unrequested'] }).notNull(),
  state: text('state', { enum: ['requested', 'received', 'accepted', 'to_correct', 'refused', 'waived'] })
    .notNull()
    .default('requested'),
  noLongerRequired: boolean('no_longer_required').notNull().default(false),
  reasonText: text('reason_text'),
  fileTypes: text('file_types').array().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const pieceVersions = pgTable('piece_versions', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id')
    .notNull()
    .references(() => pieceRequests.id, { onDelete: 'cascade' }),
  documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
  storedName: text('stored_name').notNull(),
  fileType: text('file_type').notNull(),
  sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  sentByName: text('sent_by_name').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  diagnosticKind: text('diagnostic_kind', { enum: ['dpe', 'asbestos', 'lead', 'termites', 'gas', 'electricity', 'erp', 'sanitation'] }),
  /** YYYY-MM-DD. */
  reportDate: date('report_date', { mode: 'string' }),
  finding: text('finding', { enum: ['found', 'not_found'] }),
});

export const pieceReviews = pgTable('piece_reviews', {
  id: serial('id').primaryKey(),
  requestId: integer('request_id')
    .notNull()
    .references(() => pieceRequests.id, { onDelete: 'cascade' }),
  action: text('action', { enum: ['accept', 'to_correct', 'refuse', 'waive', 'unwaive'] }).notNull(),
  reason: text('reason', { enum: ['unreadable', 'incomplete', 'expired', 'wrong_document'] }),
  text: text('text'),
  byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
  byName: text('by_name').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// Issue 22: reminders of the pieces still owed (migration 0150).
export const pieceReminders = pgTable('piece_reminders', {
  id: serial('id').primaryKey(),
  /** 'u' + user id, or 'e' + the lower-cased address of a person invited without an account. */
  personKey: text('person_key').notNull(),
  /** The French day (Europe/Paris), YYYY-MM-DD: one reminder mail per person and day. */
  day: date('day', { mode: 'string' }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  projectIds: integer('project_ids').array().notNull(),
  byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

export const pieceReminderAlerts = pgTable('piece_reminder_alerts', {
  id: serial('id').primaryKey(),
  personKey: text('person_key').notNull(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const pieceReminderPasses = pgTable('piece_reminder_passes', {
  day: date('day', { mode: 'string' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
});

// Issue 26: copies of a person's data (migration 0280).
export const dataExports = pgTable('data_exports', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: text('state', { enum: ['pending', 'running', 'ready', 'failed', 'expired'] })
    .notNull()
    .default('pending'),
  progress: integer('progress').notNull().default(0),
  storedName: text('stored_name'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  lockToken: text('lock_token'),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
});

/** Issue 26: a file's history, append-only (0260). */
export const historyEntries = pgTable('history_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chain: text('chain').notNull(),
  seq: integer('seq').notNull(),
  // No foreign key to users: the actor's id and name are hashed content and outlive the account.
  projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  actorUserId: integer('actor_user_id'),
  actorName: text('actor_name').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  kind: text('kind').notNull(),
  subjectParticipantIds: integer('subject_participant_ids').array().notNull().default([]),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  hash: text('hash').notNull(),
});

export const historyHeads = pgTable('history_heads', {
  chain: text('chain').primaryKey(),
  projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  hash: text('hash').notNull(),
});

/** Issue 27: an account's TOTP (secret encrypted at rest; `confirmedAt` null while being set up). */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret').notNull(),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const userBackupCodes = pgTable('user_backup_codes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

export const accountEvents = pgTable('account_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
  kind: text('kind', {
    enum: [
      'second_factor_enabled',
      'second_factor_disabled',
      'second_factor_reset',
      'backup_codes_renewed',
      'backup_code_used',
      'passkey_added',
      'passkey_removed',
    ],
  }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Issue 27: an account's passkeys (migration 0340). */
export const userPasskeys = pgTable('user_passkeys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  credentialId: text('credential_id').notNull(),
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default([]),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
});

/** The challenges of WebAuthn ceremonies, each taken once before it expires (migration 0340). */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  purpose: text('purpose', { enum: ['registration', 'authentication', 'sign_in'] }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Messages of the public contact form, kept so none is lost if the mail fails (migration 0030). */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  civility: text('civility', { enum: ['M', 'MME'] }).notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  reason: text('reason', { enum: ['notaire', 'partenaire_fournisseur', 'autre'] }).notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The durable mail outbox (migrations 0050, 0210): see mail/outbox-data.ts. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  link: text('link'),
  replyTo: text('reply_to'),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  /** Start of the retry window: creation, or the admin's "send again". */
  queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  lockToken: text('lock_token'),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The office's latest change of each answer of a questionnaire, who and when (migration 0170). */
export const answerMarks = pgTable(
  'answer_marks',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['office', 'admin'] }).notNull(),
    authorName: text('author_name').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.field] })],
);

/** A spell of the office's changes to a questionnaire, mailed once it has been quiet a while (migration 0170). */
export const answerChangeSpells = pgTable('answer_change_spells', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  recipientIds: integer('recipient_ids').array().notNull(),
  firstChangeAt: timestamp('first_change_at', { withTimezone: true, mode: 'date' }).notNull(),
  lastChangeAt: timestamp('last_change_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The answers a spell changed, from what to what (migration 0170). */
export const answerChangeItems = pgTable(
  'answer_change_items',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    beforeValue: jsonb('before_value').$type<AnswerValue | null>(),
    afterValue: jsonb('after_value').$type<AnswerValue | null>(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.field] })],
);

/** The conversations of a file (migration 0230): everyone's, a person's private one with the office, the office's own. */
export const messageThreads = pgTable('message_threads', {
  id: serial('id').primaryKey(),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  kind: text('kind', { enum: ['everyone', 'private', 'office'] }).notNull(),
  /** The private thread's person; null once the participation is removed or re-addressed (the thread stays in the records). */
  participantId: integer('participant_id').references(() => participants.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The messages of a thread (migrations 0230, 0240: their files are in message_attachments). */
export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  threadId: integer('thread_id')
    .notNull()
    .references(() => messageThreads.id, { onDelete: 'cascade' }),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
  authorName: text('author_name').notNull(),
  authorSide: text('author_side', { enum: ['office', 'person'] }).notNull(),
  body: text('body').notNull(),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  pieceRequestId: integer('piece_request_id').references(() => pieceRequests.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  otherSideReadAt: timestamp('other_side_read_at', { withTimezone: true, mode: 'date' }),
});

/** Each reader's place in a thread, and when they were last seen on its page (migration 0230). */
export const messageThreadReads = pgTable(
  'message_thread_reads',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readUpToAt: timestamp('read_up_to_at', { withTimezone: true, mode: 'date' }).notNull(),
    readUpToId: integer('read_up_to_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);

/** The "a message is waiting" mails, one per recipient and file per batch (migrations 0230, 0250). */
export const messageMailBatches = pgTable('message_mail_batches', {
  id: serial('id').primaryKey(),
  recipientKey: text('recipient_key').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  projectId: integer('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
  dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
});

/** The files of a message, in their order (migration 0240). */
export const messageAttachments = pgTable('message_attachments', {
  id: serial('id').primaryKey(),
  messageId: integer('message_id')
    .notNull()
    .references(() => messages.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
  /** The name in the storage, under the file's prefix. */
  storedName: text('stored_name').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
});
