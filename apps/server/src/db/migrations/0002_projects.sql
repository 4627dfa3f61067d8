-- Projects (case files), their participants and their documents (issue 3).

CREATE TABLE projects (
  id               serial PRIMARY KEY,
  name             text    NOT NULL,
  type             text    NOT NULL CHECK (type IN ('realty', 'succession')),
  subtype          text    NOT NULL CHECK (subtype IN ('appt', 'house', 'land', 'settlement', 'balance')),
  status           integer NOT NULL DEFAULT 1,
  cover_image      text,
  is_archived      boolean NOT NULL DEFAULT false,
  notary_office_id integer REFERENCES notary_offices(id) ON DELETE SET NULL,
  creator_id       integer REFERENCES users(id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_office ON projects (notary_office_id);
CREATE INDEX projects_created_at ON projects (created_at);

CREATE TABLE participants (
  id         serial PRIMARY KEY,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  first_name text    NOT NULL,
  last_name  text    NOT NULL,
  email      text,
  user_id    integer REFERENCES users(id) ON DELETE SET NULL,
  role       text    NOT NULL CHECK (role IN ('seller', 'buyer', 'intermediary', 'office', 'spouse', 'heir', 'client')),
  is_creator boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX participants_project ON participants (project_id);
CREATE INDEX participants_user ON participants (user_id);

-- One row per document: a questionnaire (answers as JSONB, with a version for
-- optimistic concurrency) or a drawer of uploaded files of one file type.
CREATE TABLE documents (
  id             serial PRIMARY KEY,
  project_id     integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  participant_id integer REFERENCES participants(id) ON DELETE SET NULL,
  kind           text    NOT NULL CHECK (kind IN ('questionnaire', 'files')),
  doc_type       text    NOT NULL,
  answers        jsonb   NOT NULL DEFAULT '{}'::jsonb,
  version        integer NOT NULL DEFAULT 1,
  progress       integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  files          text[]  NOT NULL DEFAULT ARRAY[]::text[],
  file           text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_project ON documents (project_id);
