-- Messages inside a file (issue 28). See docs/decisions.md (2026-11-24, messages).

-- A thread, created on first use: one 'everyone' and one 'office' per file,
-- one 'private' per participation. A private thread outlives its person
-- (participant_id set null): the office keeps the record.
CREATE TABLE message_threads (
  id             serial PRIMARY KEY,
  project_id     integer     NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  kind           text        NOT NULL CHECK (kind IN ('everyone', 'private', 'office')),
  participant_id integer REFERENCES participants(id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL
);
CREATE UNIQUE INDEX message_threads_shared ON message_threads (project_id, kind) WHERE kind <> 'private';
CREATE UNIQUE INDEX message_threads_private ON message_threads (participant_id) WHERE kind = 'private' AND participant_id IS NOT NULL;
CREATE INDEX message_threads_project ON message_threads (project_id);

-- A message is never edited: a withdrawal empties its text and sets withdrawn_at.
-- other_side_read_at: when the other side (the office for a person's message,
-- a person for the office's) first read it: the read receipt.
CREATE TABLE messages (
  id                 serial PRIMARY KEY,
  thread_id          integer     NOT NULL REFERENCES message_threads(id) ON DELETE CASCADE,
  project_id         integer     NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  author_user_id     integer REFERENCES users(id) ON DELETE SET NULL,
  author_name        text        NOT NULL,
  author_side        text        NOT NULL CHECK (author_side IN ('office', 'person')),
  body               text        NOT NULL,
  withdrawn_at       timestamptz,
  piece_request_id   integer REFERENCES piece_requests(id) ON DELETE SET NULL,
  attachment_document_id integer REFERENCES documents(id) ON DELETE SET NULL,
  attachment_name    text,
  created_at         timestamptz NOT NULL,
  other_side_read_at timestamptz
);
-- Pages of a thread, newest first, keyset on (created_at, id).
CREATE INDEX messages_thread_page ON messages (thread_id, created_at DESC, id DESC);
CREATE INDEX messages_piece_request ON messages (piece_request_id) WHERE piece_request_id IS NOT NULL;
CREATE INDEX messages_author ON messages (author_user_id);

-- Each reader's place in a thread: messages after read_up_to (in the thread's
-- order) are unread for them. seen_at is the presence heartbeat: the web marks
-- the thread read while it is shown, and a reader seen within a short while
-- is "on the page" and gets no mail.
CREATE TABLE message_thread_reads (
  thread_id          integer     NOT NULL REFERENCES message_threads(id) ON DELETE CASCADE,
  user_id            integer     NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  read_up_to_at      timestamptz NOT NULL,
  read_up_to_id      integer     NOT NULL,
  seen_at            timestamptz NOT NULL,
  PRIMARY KEY (thread_id, user_id)
);
CREATE INDEX message_thread_reads_user ON message_thread_reads (user_id);

-- The mail "a message is waiting", one per recipient and file per batch: the
-- first message opens a batch due a minute later, the next ones join it (the
-- partial unique index is the claim, two processes open one batch).
CREATE TABLE message_mail_batches (
  id            serial PRIMARY KEY,
  recipient_key text        NOT NULL,
  email         text        NOT NULL,
  user_id       integer REFERENCES users(id) ON DELETE CASCADE,
  project_id    integer     NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  opened_at     timestamptz NOT NULL,
  due_at        timestamptz NOT NULL,
  sent_at       timestamptz
);
CREATE UNIQUE INDEX message_mail_batches_open ON message_mail_batches (recipient_key, project_id) WHERE sent_at IS NULL;
CREATE INDEX message_mail_batches_due ON message_mail_batches (due_at) WHERE sent_at IS NULL;
CREATE INDEX message_mail_batches_project ON message_mail_batches (project_id);
