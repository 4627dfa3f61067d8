-- Administration and contact (issue 10).

-- Messages of the public contact form, kept even if the mail to the network fails.
CREATE TABLE contact_messages (
  id         serial PRIMARY KEY,
  civility   text NOT NULL CHECK (civility IN ('M', 'MME')),
  first_name text NOT NULL,
  last_name  text NOT NULL,
  phone      text NOT NULL,
  email      text NOT NULL,
  reason     text NOT NULL CHECK (reason IN ('notaire', 'partenaire_fournisseur', 'autre')),
  message    text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_messages_created_at ON contact_messages (created_at);

-- The admin users table: prefix search on names and e-mail, sort by name or by date.
CREATE INDEX users_last_name_prefix ON users (lower(last_name) text_pattern_ops);
CREATE INDEX users_first_name_prefix ON users (lower(first_name) text_pattern_ops);
CREATE INDEX users_email_prefix ON users (email text_pattern_ops);
CREATE INDEX users_by_name ON users (lower(last_name), lower(first_name), id);
CREATE INDEX users_by_date ON users (created_at, id);
CREATE INDEX users_pending_role_change ON users (created_at, id) WHERE needs_role_change;

-- The billing table pages projects by creation date.
CREATE INDEX projects_by_date ON projects (created_at, id);
