-- Change feed (issue 11): every committed change to what the signed-in user,
-- the dashboard and the project page are read from is announced on the
-- channel `notadoo_changes`, one notification per key, so that each server
-- process drops the answers it keeps in memory that were read from it (see
-- apps/server/src/answer-cache). Triggers rather than calls in the code: a
-- write path cannot forget to announce itself, and a write made by another
-- process, or by hand, is announced too. PostgreSQL sends a transaction's
-- notifications at commit only (none after a rollback), identical ones once.
--
-- Keys:
--   u<user id>     the user's row (name, role, office, avatar, last connection...)
--   m<user id>     the set of projects the user takes part in, or their order
--   o<office id>   the office's row
--   s<office id>   the set of the office's projects, or their order
--   p<project id>  the project, its people or its documents
--   *              everything (TRUNCATE)

CREATE FUNCTION notadoo_announce(key text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('notadoo_changes', key)
$$;

CREATE FUNCTION notadoo_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notadoo_announce('u' || OLD.id);
  RETURN NULL;
END $$;

CREATE FUNCTION notadoo_offices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notadoo_announce('o' || OLD.id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notadoo_announce('o' || NEW.id); END IF;
  RETURN NULL;
END $$;

-- A project's own change reaches those whose answers show it (p). Only a
-- change of which lists hold it, or where (created, archived, office moved,
-- deleted), reaches every list it enters or leaves: its people's (m) and its
-- offices' (s).
CREATE FUNCTION notadoo_projects_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_id integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  person integer;
BEGIN
  PERFORM notadoo_announce('p' || row_id);
  IF TG_OP = 'UPDATE' AND OLD.is_archived = NEW.is_archived AND OLD.created_at = NEW.created_at
     AND OLD.notary_office_id IS NOT DISTINCT FROM NEW.notary_office_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.notary_office_id IS NOT NULL THEN PERFORM notadoo_announce('s' || OLD.notary_office_id); END IF;
  IF TG_OP <> 'DELETE' AND NEW.notary_office_id IS NOT NULL THEN PERFORM notadoo_announce('s' || NEW.notary_office_id); END IF;
  FOR person IN SELECT DISTINCT user_id FROM participants WHERE project_id = row_id AND user_id IS NOT NULL LOOP
    PERFORM notadoo_announce('m' || person);
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION notadoo_participants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM notadoo_announce('p' || OLD.project_id);
    IF OLD.user_id IS NOT NULL THEN PERFORM notadoo_announce('m' || OLD.user_id); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM notadoo_announce('p' || NEW.project_id);
    IF NEW.user_id IS NOT NULL THEN PERFORM notadoo_announce('m' || NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION notadoo_documents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notadoo_announce('p' || OLD.project_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notadoo_announce('p' || NEW.project_id); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION notadoo_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notadoo_announce('*');
  RETURN NULL;
END $$;

-- An update that changes nothing (same values written back) is not announced.
CREATE TRIGGER users_changed AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notadoo_users_changed();
CREATE TRIGGER users_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notadoo_users_changed();
CREATE TRIGGER notary_offices_changed AFTER INSERT OR UPDATE OR DELETE ON notary_offices
  FOR EACH ROW EXECUTE FUNCTION notadoo_offices_changed();
CREATE TRIGGER projects_changed AFTER INSERT OR DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION notadoo_projects_changed();
CREATE TRIGGER projects_updated AFTER UPDATE ON projects
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notadoo_projects_changed();
CREATE TRIGGER participants_changed AFTER INSERT OR DELETE ON participants
  FOR EACH ROW EXECUTE FUNCTION notadoo_participants_changed();
CREATE TRIGGER participants_updated AFTER UPDATE ON participants
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notadoo_participants_changed();
CREATE TRIGGER documents_changed AFTER INSERT OR DELETE ON documents
  FOR EACH ROW EXECUTE FUNCTION notadoo_documents_changed();
CREATE TRIGGER documents_updated AFTER UPDATE ON documents
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notadoo_documents_changed();
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notadoo_all_changed();
CREATE TRIGGER notary_offices_truncated AFTER TRUNCATE ON notary_offices FOR EACH STATEMENT EXECUTE FUNCTION notadoo_all_changed();
CREATE TRIGGER projects_truncated AFTER TRUNCATE ON projects FOR EACH STATEMENT EXECUTE FUNCTION notadoo_all_changed();
CREATE TRIGGER participants_truncated AFTER TRUNCATE ON participants FOR EACH STATEMENT EXECUTE FUNCTION notadoo_all_changed();
CREATE TRIGGER documents_truncated AFTER TRUNCATE ON documents FOR EACH STATEMENT EXECUTE FUNCTION notadoo_all_changed();
