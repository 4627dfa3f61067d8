-- Durable mail outbox (issue 14). A mail is written here in the same
-- transaction as the change that causes it; a worker in each server process
-- claims due rows (FOR UPDATE SKIP LOCKED, with a lease in locked_until so a
-- crashed worker's claim expires), sends them and marks them sent, or retries
-- with growing delays until the retry window ends, or marks them failed.
CREATE TABLE mail_outbox (
  id              bigserial PRIMARY KEY,
  recipient       text        NOT NULL,
  subject         text        NOT NULL,
  text_body       text        NOT NULL,
  html_body       text        NOT NULL,
  link            text,
  status          text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer     NOT NULL DEFAULT 0,
  -- Start of the retry window: creation, or the admin's "send again".
  queued_at       timestamptz NOT NULL DEFAULT now(),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until    timestamptz,
  lock_token      text,
  last_attempt_at timestamptz,
  last_error      text,
  sent_at         timestamptz,
  failed_at       timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at, id) WHERE status = 'pending';
CREATE INDEX mail_outbox_by_status ON mail_outbox (status, id DESC);
