-- Transfers of a project's files to an office's drafting software (issue 12):
-- who sent which files to which case file of the software, when, and how it
-- ended, as reported by the browser that talked to the local bridge. The
-- author's name is kept so the history survives the account.
CREATE TABLE transfers (
  id                 serial PRIMARY KEY,
  project_id         integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  user_id            integer REFERENCES users(id) ON DELETE SET NULL,
  author_name        text    NOT NULL,
  dossier_id         text    NOT NULL,
  dossier_intitule   text    NOT NULL,
  dossier_reference  text    NOT NULL DEFAULT '',
  files              jsonb   NOT NULL,
  files_count        integer NOT NULL CHECK (files_count > 0),
  sent_count         integer NOT NULL CHECK (sent_count >= 0 AND sent_count <= files_count),
  outcome            text    NOT NULL CHECK (outcome IN ('succeeded', 'failed', 'interrupted')),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transfers_project_created ON transfers (project_id, created_at DESC, id DESC);
