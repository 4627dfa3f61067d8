-- Answers the office changed in a clients' questionnaire (see docs/decisions.md,
-- 2026-11-24, "the office's changes to a client's answers").

-- The mark beside an answer: the last office change of that field, until a
-- client changes it again. Read per questionnaire (primary key prefix).
CREATE TABLE answer_marks (
  document_id  integer     NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  field        text        NOT NULL,
  changed_by   integer     REFERENCES users (id) ON DELETE SET NULL,
  author_role  text        NOT NULL CHECK (author_role IN ('office', 'admin')),
  author_name  text        NOT NULL,
  changed_at   timestamptz NOT NULL,
  PRIMARY KEY (document_id, field)
);
CREATE INDEX answer_marks_changed_by ON answer_marks (changed_by);

-- A spell of office changes not summarised yet: one row per questionnaire,
-- deleted when its mail is queued, so the table holds only what is pending.
-- recipient_ids: the accounts the questionnaire belonged to at each change.
CREATE TABLE answer_change_spells (
  document_id      integer     PRIMARY KEY REFERENCES documents (id) ON DELETE CASCADE,
  recipient_ids    integer[]   NOT NULL,
  first_change_at  timestamptz NOT NULL,
  last_change_at   timestamptz NOT NULL
);
CREATE INDEX answer_change_spells_last ON answer_change_spells (last_change_at);
CREATE INDEX answer_change_spells_first ON answer_change_spells (first_change_at);

-- What the spell changed, one row per field: the value before the spell's
-- first change and the latest one (null: no answer).
CREATE TABLE answer_change_items (
  document_id   integer NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  field         text    NOT NULL,
  before_value  jsonb,
  after_value   jsonb,
  PRIMARY KEY (document_id, field)
);
