-- Security (issue 9).
-- A new e-mail waits here until its owner confirms it; logins and password
-- resets keep using the current one meanwhile.
ALTER TABLE users ADD COLUMN pending_email text;
CREATE INDEX users_pending_email ON users (pending_email);
-- Who added a participant: with admins and office members, the only one who
-- may change the e-mail of a person who has not joined yet.
ALTER TABLE participants ADD COLUMN added_by integer REFERENCES users(id) ON DELETE SET NULL;
