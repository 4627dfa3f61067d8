-- Notary offices of the network and user accounts (issue 2).

CREATE TABLE notary_offices (
  id             serial PRIMARY KEY,
  city           text    NOT NULL,
  postal_code    text    NOT NULL,
  address        text    NOT NULL DEFAULT '',
  latitude       double precision NOT NULL,
  longitude      double precision NOT NULL,
  image          text,
  email          text,
  phone          text,
  active         boolean NOT NULL DEFAULT true,
  position       integer NOT NULL DEFAULT 0,
  link_contact   text,
  link_more_info text
);

CREATE TABLE users (
  id                       serial PRIMARY KEY,
  email                    text    NOT NULL UNIQUE,
  first_name               text    NOT NULL,
  last_name                text    NOT NULL,
  password_hash            text    NOT NULL,
  -- Bumped on every password change: tokens carrying an older value are refused.
  password_version         integer NOT NULL DEFAULT 1,
  avatar                   text,
  roles                    text[]  NOT NULL DEFAULT ARRAY['ROLE_USER'],
  is_active                boolean NOT NULL DEFAULT true,
  is_email_confirmed       boolean NOT NULL DEFAULT false,
  is_pro                   boolean NOT NULL DEFAULT false,
  is_notary                boolean NOT NULL DEFAULT false,
  needs_role_change        boolean NOT NULL DEFAULT false,
  notary_office_id         integer REFERENCES notary_offices(id) ON DELETE SET NULL,
  last_connection_date     timestamptz,
  previous_connection_date timestamptz,
  score_ec                 integer,
  complexity               integer,
  created_at               timestamptz NOT NULL DEFAULT now()
);

-- Single-use links sent by mail (password reset, e-mail confirmation).
-- Only a hash of the token is kept, so a database leak gives no usable link.
CREATE TABLE account_tokens (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose    text    NOT NULL CHECK (purpose IN ('reset_password', 'confirm_email')),
  token_hash text    NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user_purpose ON account_tokens (user_id, purpose);
