-- Each person's data in their own hands (issue 26, part 2).

-- Copies of a person's data (GDPR art. 15, 20), built in the background: a
-- worker in each server process claims a pending row (FOR UPDATE SKIP LOCKED,
-- with a lease in locked_until so a crashed worker's claim expires), writes the
-- ZIP to the file storage, then marks it ready until expires_at.
CREATE TABLE data_exports (
  id           serial PRIMARY KEY,
  user_id      integer     NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  state        text        NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'ready', 'failed', 'expired')),
  progress     integer     NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  -- The ZIP's name under files/exports/{user_id}/ (generated, random part).
  stored_name  text,
  size_bytes   bigint      CHECK (size_bytes >= 0),
  attempts     integer     NOT NULL DEFAULT 0,
  locked_until timestamptz,
  lock_token   text,
  last_error   text,
  created_at   timestamptz NOT NULL,
  finished_at  timestamptz,
  expires_at   timestamptz
);
-- One copy under way per person at a time.
CREATE UNIQUE INDEX data_exports_one_under_way ON data_exports (user_id) WHERE state IN ('pending', 'running');
CREATE INDEX data_exports_user ON data_exports (user_id, id DESC);
CREATE INDEX data_exports_due ON data_exports (id) WHERE state IN ('pending', 'running');
CREATE INDEX data_exports_expiry ON data_exports (expires_at) WHERE state = 'ready';

-- A deleted account (GDPR art. 17) keeps its row, emptied of the person, while
-- an office keeps a file naming it; deleted_at says when.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;

-- The purge of abandoned files: when the file's people were warned. A warning
-- older than the file's last change no longer counts (the file was touched).
ALTER TABLE projects ADD COLUMN purge_warned_at timestamptz;
-- The purge warns the files it may remove, oldest first: drafts (status < 3) and "Sans suite" (7) not
-- warned since their last change. A warned file leaves this index (and comes back when changed again), so
-- a pass does not read the month of files already warned (17 s at a million files before, docs/decisions.md).
CREATE INDEX projects_purge_candidates ON projects (updated_at, id)
  WHERE (status < 3 OR status = 7) AND (purge_warned_at IS NULL OR purge_warned_at < updated_at);
-- ... and the files warned, by the date of their warning: the purge reads only those whose 30 days are over
-- (without it, each pass filtered every old draft: 2.1 s at a million files, docs/decisions.md).
CREATE INDEX projects_purge_warned ON projects (purge_warned_at, id) WHERE purge_warned_at IS NOT NULL AND (status < 3 OR status = 7);

-- Deleting a file (the purge, an account's drafts) cascades to its messages by project_id, and a
-- removed person's private thread is unlinked by participant_id: neither had an index, so each file
-- deleted read every message (100 files: 8 s of 8.9 s at 300,000 messages, docs/decisions.md).
CREATE INDEX messages_project ON messages (project_id);
CREATE INDEX message_threads_participant ON message_threads (participant_id) WHERE participant_id IS NOT NULL;
