-- Issue 27: passkeys (WebAuthn) as a second factor and as a sign-in of their own.

-- An account's passkeys. credential_id is the authenticator's id (base64url), unique across
-- accounts: a sign-in without an address finds its account through it. public_key is the
-- COSE key (base64url). counter is the authenticator's signature counter: an assertion whose
-- counter does not move past it (when either is non-zero) is refused as a possible clone.
CREATE TABLE user_passkeys (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX user_passkeys_by_user ON user_passkeys (user_id, id);

-- The challenges handed out for a ceremony, kept server-side (never in the client's hands
-- alone): each is taken once, by one DELETE ... RETURNING, and only before it expires.
-- user_id: the account it was made for (null for a sign-in without an address).
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('registration', 'authentication', 'sign_in')),
  user_id integer REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_by_expiry ON webauthn_challenges (expires_at);

ALTER TABLE account_events DROP CONSTRAINT account_events_kind_check;
ALTER TABLE account_events ADD CONSTRAINT account_events_kind_check
  CHECK (kind IN ('second_factor_enabled', 'second_factor_disabled', 'second_factor_reset', 'backup_codes_renewed', 'backup_code_used', 'passkey_added', 'passkey_removed'));
