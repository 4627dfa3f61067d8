-- The dashboard's "Archivés" filter pages through archived projects newest
-- first, as 0060's indexes do for the others: the whole network's (admins)
-- and an office's read these in order and stop after one page. A
-- participant's own archived files are found through participants.user_id.
CREATE INDEX projects_archived_order ON projects (created_at DESC, id DESC) WHERE is_archived;
CREATE INDEX projects_office_archived_order ON projects (notary_office_id, created_at DESC, id DESC) WHERE is_archived;
