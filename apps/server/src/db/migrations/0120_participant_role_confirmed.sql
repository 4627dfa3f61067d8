-- Whether a participant's role shares its documents with the others of the
-- role: only when given by someone who holds it (a confirmed holder, the
-- chosen office, an admin) or confirmed since. A role handed out by someone
-- outside it (a buyer adding a "seller") no longer opens that role's documents.
ALTER TABLE participants ADD COLUMN role_confirmed boolean NOT NULL DEFAULT false;

-- People already in files: confirmed when the rule above would have confirmed
-- them (the creator, nobody recorded as adder, an admin or a member of the
-- file's office as adder, or an adder holding the same role in the file).
UPDATE participants pa SET role_confirmed = true
WHERE pa.is_creator
   OR pa.added_by IS NULL
   OR EXISTS (
        SELECT 1 FROM users u JOIN projects p ON p.id = pa.project_id
        WHERE u.id = pa.added_by
          AND ('ROLE_ADMIN' = ANY (u.roles) OR (u.notary_office_id IS NOT NULL AND u.notary_office_id = p.notary_office_id)))
   OR EXISTS (
        SELECT 1 FROM participants mate
        WHERE mate.project_id = pa.project_id AND mate.user_id = pa.added_by AND mate.role = pa.role);
