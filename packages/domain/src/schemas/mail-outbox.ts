import { z } from 'zod';

/** The mail outbox as the admin sees it (issue 14): failed mails, and sending one again. */

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxMailStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_PAGE_SIZE = 20;

const PAGE_MESSAGE = 'Le numéro de page doit être un entier positif.';
const PER_PAGE_MESSAGE = 'Le nombre de mails par page doit être compris entre 1 et 100.';

/** `GET /admin/mails` query: one status (failed by default), paged. */
export const outboxListQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: 'Le statut doit être pending, sent ou failed.' }).default('failed'),
  page: z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(100_000, 'Le numéro de page est trop grand.')
    .default(1),
  perPage: z.coerce
    .number({ error: PER_PAGE_MESSAGE })
    .int(PER_PAGE_MESSAGE)
    .min(1, PER_PAGE_MESSAGE)
    .max(100, PER_PAGE_MESSAGE)
    .default(OUTBOX_PAGE_SIZE),
});

export const outboxMailSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxPageSchema = z.object({
  items: z.array(outboxMailSchema),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;
