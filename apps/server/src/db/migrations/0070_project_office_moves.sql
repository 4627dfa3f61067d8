-- Moves of a project from one notary office to another (issue 13): who, from, to, when.
-- Shown to the offices and admins; a first choice of office is not a move.
CREATE TABLE project_office_moves (
  id              serial PRIMARY KEY,
  project_id      integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  moved_by        integer REFERENCES users (id) ON DELETE SET NULL,
  from_office_id  integer NOT NULL REFERENCES notary_offices (id),
  to_office_id    integer NOT NULL REFERENCES notary_offices (id),
  moved_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX project_office_moves_project ON project_office_moves (project_id, moved_at DESC);
