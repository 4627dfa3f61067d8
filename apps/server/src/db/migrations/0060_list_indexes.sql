-- Indexes for lists that stay fast with 100,000 projects (issue 11).
-- Foreign keys PostgreSQL does not index by itself: deletes and joins on them
-- would otherwise scan the referencing table.
CREATE INDEX documents_participant ON documents (participant_id);
CREATE INDEX projects_creator ON projects (creator_id);
CREATE INDEX invitations_participant ON invitations (participant_id);
CREATE INDEX users_notary_office ON users (notary_office_id);

-- The dashboard pages through non-archived projects newest first, by
-- (created_at, id): every list (the admin's, an office's, a participant's)
-- reads these in order and stops after one page.
CREATE INDEX projects_dashboard_order ON projects (created_at DESC, id DESC) WHERE NOT is_archived;
CREATE INDEX projects_office_dashboard_order ON projects (notary_office_id, created_at DESC, id DESC) WHERE NOT is_archived;
