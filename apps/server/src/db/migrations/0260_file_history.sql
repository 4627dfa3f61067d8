-- The history of a file (issue 26; docs/decisions.md, 2026-11-24, "A file's
-- history that can be trusted"). Append-only: every entry carries who, when,
-- from where and what, and the SHA-256 of the previous entry of its chain
-- with its own canonical content (packages/domain/src/history/history-chain.ts).
--
-- A chain is a file's (`project:{id}`) or, for sign-ins, an account's
-- (`user:{id}`): a sign-in is written once, not once per file, and shown in
-- the history of the files where the account takes part.

-- The head of each chain: its last sequence number and hash. Appending
-- locks this row (upsert) as the LAST statement of the writing transaction,
-- so appends to one chain are serialized and no lock is taken after it.
CREATE TABLE history_heads (
  chain       text    PRIMARY KEY,
  -- A file's chain goes with the file.
  project_id  integer REFERENCES projects (id) ON DELETE CASCADE,
  seq         integer NOT NULL,
  hash        text    NOT NULL
);

CREATE TABLE history_entries (
  id                       bigserial   PRIMARY KEY,
  chain                    text        NOT NULL,
  seq                      integer     NOT NULL,
  -- No foreign keys to users: the actor's id and name are part of the hashed
  -- content and must outlive the account. The project's rows go with it.
  project_id               integer     REFERENCES projects (id) ON DELETE CASCADE,
  at                       timestamptz NOT NULL,
  actor_user_id            integer,
  actor_name               text        NOT NULL,
  ip                       text,
  user_agent               text,
  kind                     text        NOT NULL,
  subject_participant_ids  integer[]   NOT NULL DEFAULT '{}',
  details                  jsonb       NOT NULL,
  hash                     text        NOT NULL,
  UNIQUE (chain, seq)
);
-- A file's pages, newest first (keyset on id: within a chain, id follows seq).
CREATE INDEX history_entries_project_page ON history_entries (project_id, id DESC) WHERE project_id IS NOT NULL;
-- One person's entries in a file (the "Personne" filter), and the file's
-- distinct actors read by skipping through it (a loose index scan).
CREATE INDEX history_entries_project_actor ON history_entries (project_id, actor_user_id, id DESC) WHERE project_id IS NOT NULL;
-- The sign-ins of the accounts taking part in a file.
CREATE INDEX history_entries_sign_ins ON history_entries (actor_user_id, id DESC) WHERE kind = 'sign_in';

-- Nothing in the product changes or removes an entry; the database refuses
-- it too. Removing is allowed only once the entry's file (or, for a
-- sign-in, its account) is gone: deleting a file cascades here.
CREATE FUNCTION history_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'history_entries is append-only (update refused)';
  END IF;
  IF OLD.project_id IS NOT NULL AND EXISTS (SELECT 1 FROM projects WHERE id = OLD.project_id) THEN
    RAISE EXCEPTION 'history_entries is append-only (delete refused while the file exists)';
  END IF;
  IF OLD.project_id IS NULL AND OLD.actor_user_id IS NOT NULL AND EXISTS (SELECT 1 FROM users WHERE id = OLD.actor_user_id) THEN
    RAISE EXCEPTION 'history_entries is append-only (delete refused while the account exists)';
  END IF;
  RETURN OLD;
END;
$$;
CREATE TRIGGER history_entries_append_only BEFORE UPDATE OR DELETE ON history_entries
  FOR EACH ROW EXECUTE FUNCTION history_entries_append_only();
