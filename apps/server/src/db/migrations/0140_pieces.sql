-- The pieces of a file (issue 22): what is asked of each person, each file
-- sent for it and each move of the office's review. See docs/decisions.md
-- (2026-11-24) and packages/domain/src/pieces.

-- The planned signing (diagnostics must still be valid that day), and when
-- the office was last told that pieces arrived (at most one mail an hour).
ALTER TABLE projects ADD COLUMN signing_date date;
ALTER TABLE projects ADD COLUMN pieces_mail_sent_at timestamptz;

-- One request per person and kind of piece. A person removed takes their
-- requests with them (their files stay in the project's drawers, unassigned).
CREATE TABLE piece_requests (
  id                 serial PRIMARY KEY,
  project_id         integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  participant_id     integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
  piece_id           text    NOT NULL,
  label              text    NOT NULL,
  origin             text    NOT NULL CHECK (origin IN ('derived', 'office', 'unrequested')),
  state              text    NOT NULL DEFAULT 'requested'
                       CHECK (state IN ('requested', 'received', 'accepted', 'to_correct', 'refused', 'waived')),
  no_longer_required boolean NOT NULL DEFAULT false,
  reason_text        text,
  file_types         text[]  NOT NULL DEFAULT ARRAY[]::text[],
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- A file's pieces (the project page, reconciliation).
CREATE INDEX piece_requests_project ON piece_requests (project_id);
CREATE INDEX piece_requests_participant ON piece_requests (participant_id);
-- One derived request per person and piece, even when two saves reconcile at once.
CREATE UNIQUE INDEX piece_requests_derived_key ON piece_requests (project_id, participant_id, piece_id) WHERE origin = 'derived';
-- The office's dashboard: pieces waiting for review per file. Only the few
-- received rows are indexed, so the count reads a handful of entries however
-- many pieces the network holds.
CREATE INDEX piece_requests_to_review ON piece_requests (project_id) WHERE state = 'received';

-- Each file sent for a request: the stored name in the project's files (it
-- is also listed in the owner's drawer), who sent it, and for a diagnostic
-- report its date and finding (its validity follows from them).
CREATE TABLE piece_versions (
  id              serial PRIMARY KEY,
  request_id      integer NOT NULL REFERENCES piece_requests(id) ON DELETE CASCADE,
  document_id     integer REFERENCES documents(id) ON DELETE SET NULL,
  stored_name     text    NOT NULL,
  file_type       text    NOT NULL,
  sent_by_user_id integer REFERENCES users(id) ON DELETE SET NULL,
  sent_by_name    text    NOT NULL,
  sent_at         timestamptz NOT NULL DEFAULT now(),
  diagnostic_kind text CHECK (diagnostic_kind IN ('dpe', 'asbestos', 'lead', 'termites', 'gas', 'electricity', 'erp', 'sanitation')),
  report_date     date,
  finding         text CHECK (finding IN ('found', 'not_found'))
);
CREATE INDEX piece_versions_request ON piece_versions (request_id);
CREATE INDEX piece_versions_document ON piece_versions (document_id);

-- The office's moves: accept, à corriger (reason and text), refuse, waive, unwaive.
CREATE TABLE piece_reviews (
  id          serial PRIMARY KEY,
  request_id  integer NOT NULL REFERENCES piece_requests(id) ON DELETE CASCADE,
  action      text    NOT NULL CHECK (action IN ('accept', 'to_correct', 'refuse', 'waive', 'unwaive')),
  reason      text CHECK (reason IN ('unreadable', 'incomplete', 'expired', 'wrong_document')),
  text        text,
  by_user_id  integer REFERENCES users(id) ON DELETE SET NULL,
  by_name     text    NOT NULL,
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX piece_reviews_request ON piece_reviews (request_id);
CREATE INDEX piece_reviews_by_user ON piece_reviews (by_user_id);
CREATE INDEX piece_versions_sent_by ON piece_versions (sent_by_user_id);

-- The project page and the dashboard show the pieces' counts and progress:
-- a change to a request or a version is a change of its project (migration 0110).
CREATE FUNCTION notadoo_piece_requests_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notadoo_announce('p' || OLD.project_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notadoo_announce('p' || NEW.project_id); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION notadoo_piece_children_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  project integer;
BEGIN
  SELECT r.project_id INTO project FROM piece_requests r
    WHERE r.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.request_id ELSE NEW.request_id END;
  IF project IS NOT NULL THEN PERFORM notadoo_announce('p' || project); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER piece_requests_changed AFTER INSERT OR DELETE ON piece_requests
  FOR EACH ROW EXECUTE FUNCTION notadoo_piece_requests_changed();
CREATE TRIGGER piece_requests_updated AFTER UPDATE ON piece_requests
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notadoo_piece_requests_changed();
CREATE TRIGGER piece_versions_changed AFTER INSERT OR UPDATE OR DELETE ON piece_versions
  FOR EACH ROW EXECUTE FUNCTION notadoo_piece_children_changed();
CREATE TRIGGER piece_reviews_changed AFTER INSERT OR UPDATE OR DELETE ON piece_reviews
  FOR EACH ROW EXECUTE FUNCTION notadoo_piece_children_changed();
CREATE TRIGGER piece_requests_truncated AFTER TRUNCATE ON piece_requests FOR EACH STATEMENT EXECUTE FUNCTION notadoo_all_changed();
