-- Invitations of people added to a project with an e-mail (issue 5). The
-- link proves the mailbox: signing up through it links the account to the
-- participant at once. Only a hash of the token is kept.
CREATE TABLE invitations (
  id             serial PRIMARY KEY,
  participant_id integer NOT NULL REFERENCES participants(id) ON DELETE CASCADE,
  email          text    NOT NULL,
  token_hash     text    NOT NULL UNIQUE,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX participants_email ON participants (lower(email));
