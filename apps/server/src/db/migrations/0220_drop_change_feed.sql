-- Issue 24: the answers kept in memory are gone, and with them the change
-- feed that told each process which to drop (migrations 0110 and 0140).
-- Every read goes to the database again, so what one process acknowledged is
-- what every process answers next.
DROP TRIGGER IF EXISTS users_changed ON users;
DROP TRIGGER IF EXISTS users_deleted ON users;
DROP TRIGGER IF EXISTS users_truncated ON users;
DROP TRIGGER IF EXISTS notary_offices_changed ON notary_offices;
DROP TRIGGER IF EXISTS notary_offices_truncated ON notary_offices;
DROP TRIGGER IF EXISTS projects_changed ON projects;
DROP TRIGGER IF EXISTS projects_updated ON projects;
DROP TRIGGER IF EXISTS projects_truncated ON projects;
DROP TRIGGER IF EXISTS participants_changed ON participants;
DROP TRIGGER IF EXISTS participants_updated ON participants;
DROP TRIGGER IF EXISTS participants_truncated ON participants;
DROP TRIGGER IF EXISTS documents_changed ON documents;
DROP TRIGGER IF EXISTS documents_updated ON documents;
DROP TRIGGER IF EXISTS documents_truncated ON documents;
DROP TRIGGER IF EXISTS piece_requests_changed ON piece_requests;
DROP TRIGGER IF EXISTS piece_requests_updated ON piece_requests;
DROP TRIGGER IF EXISTS piece_requests_truncated ON piece_requests;
DROP TRIGGER IF EXISTS piece_versions_changed ON piece_versions;
DROP TRIGGER IF EXISTS piece_reviews_changed ON piece_reviews;
DROP FUNCTION IF EXISTS notadoo_users_changed();
DROP FUNCTION IF EXISTS notadoo_offices_changed();
DROP FUNCTION IF EXISTS notadoo_projects_changed();
DROP FUNCTION IF EXISTS notadoo_participants_changed();
DROP FUNCTION IF EXISTS notadoo_documents_changed();
DROP FUNCTION IF EXISTS notadoo_piece_requests_changed();
DROP FUNCTION IF EXISTS notadoo_piece_children_changed();
DROP FUNCTION IF EXISTS notadoo_all_changed();
DROP FUNCTION IF EXISTS notadoo_announce(text);

-- Revisions for HTTP revalidation (ETag / If-None-Match → 304): a number
-- per row that grows with every change of what an answer shows, bumped by the
-- database in the transaction of the write itself, so no write path (API,
-- background task, another process, an operator's SQL) can forget it.
--   users.revision           the account's row (session, access, a person's avatar or last connection on a file)
--   notary_offices.revision  the office's row (the session's office, a file's office)
--   projects.revision        the file, its people, its documents and its pieces
-- An update that writes the same values back still bumps: one needless 200, never a wrong 304.
ALTER TABLE users ADD COLUMN revision bigint NOT NULL DEFAULT 1;
ALTER TABLE notary_offices ADD COLUMN revision bigint NOT NULL DEFAULT 1;
ALTER TABLE projects ADD COLUMN revision bigint NOT NULL DEFAULT 1;

CREATE FUNCTION notadoo_next_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END $$;

CREATE TRIGGER users_revision BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION notadoo_next_revision();
CREATE TRIGGER notary_offices_revision BEFORE UPDATE ON notary_offices FOR EACH ROW EXECUTE FUNCTION notadoo_next_revision();
CREATE TRIGGER projects_revision BEFORE UPDATE ON projects FOR EACH ROW EXECUTE FUNCTION notadoo_next_revision();

-- A change to a file's people, documents or piece requests is a change of the
-- file: its row's revision is bumped (the BEFORE trigger above does the +1).
-- Per statement, through transition tables: creating a file inserts its
-- documents and pieces in a few statements, and each bumps the file once,
-- not once per row. A file being deleted is simply not found.
CREATE FUNCTION notadoo_bump_projects_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE projects SET revision = revision WHERE id IN (SELECT project_id FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE projects SET revision = revision WHERE id IN (SELECT project_id FROM old_rows UNION SELECT project_id FROM new_rows);
  ELSE
    UPDATE projects SET revision = revision WHERE id IN (SELECT project_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;

-- Versions and reviews of pieces name their request, not the file.
CREATE FUNCTION notadoo_bump_projects_of_piece_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE projects SET revision = revision WHERE id IN (SELECT r.project_id FROM piece_requests r WHERE r.id IN (SELECT request_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE projects SET revision = revision
      WHERE id IN (SELECT r.project_id FROM piece_requests r WHERE r.id IN (SELECT request_id FROM old_rows UNION SELECT request_id FROM new_rows));
  ELSE
    UPDATE projects SET revision = revision WHERE id IN (SELECT r.project_id FROM piece_requests r WHERE r.id IN (SELECT request_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER participants_inserted_revision AFTER INSERT ON participants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_rows();
CREATE TRIGGER participants_updated_revision AFTER UPDATE ON participants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_rows();
CREATE TRIGGER participants_deleted_revision AFTER DELETE ON participants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_rows();
CREATE TRIGGER documents_inserted_revision AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_rows();
CREATE TRIGGER documents_updated_revision AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_rows();
CREATE TRIGGER documents_deleted_revision AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_rows();
CREATE TRIGGER piece_requests_inserted_revision AFTER INSERT ON piece_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_rows();
CREATE TRIGGER piece_requests_updated_revision AFTER UPDATE ON piece_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_rows();
CREATE TRIGGER piece_requests_deleted_revision AFTER DELETE ON piece_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_rows();
CREATE TRIGGER piece_versions_inserted_revision AFTER INSERT ON piece_versions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_piece_rows();
CREATE TRIGGER piece_versions_updated_revision AFTER UPDATE ON piece_versions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_piece_rows();
CREATE TRIGGER piece_versions_deleted_revision AFTER DELETE ON piece_versions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_piece_rows();
CREATE TRIGGER piece_reviews_inserted_revision AFTER INSERT ON piece_reviews REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_piece_rows();
CREATE TRIGGER piece_reviews_updated_revision AFTER UPDATE ON piece_reviews REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_piece_rows();
CREATE TRIGGER piece_reviews_deleted_revision AFTER DELETE ON piece_reviews REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notadoo_bump_projects_of_piece_rows();
