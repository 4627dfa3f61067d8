-- Issue 27: a second factor (TOTP and single-use backup codes), and the account's security events.

-- One TOTP per account. The secret is encrypted (AES-256-GCM, key from SECOND_FACTOR_KEY);
-- confirmed_at is null while the person is setting it up (the secret shown, no code given yet).
-- last_step is the last 30 s time step whose code was accepted: a code is taken only for a later
-- step, compared and moved in one UPDATE, so a code cannot pass twice, even through two processes.
CREATE TABLE user_second_factors (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  totp_secret text NOT NULL,
  last_step bigint NOT NULL DEFAULT 0,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Ten backup codes per account, stored as an HMAC (keyed by the server's key): each used once.
CREATE TABLE user_backup_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE UNIQUE INDEX user_backup_codes_by_user ON user_backup_codes (user_id, code_hash);

-- What happened to an account's security (enabled, removed, reset by an admin, codes renewed), by whom.
CREATE TABLE account_events (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  actor_id integer REFERENCES users(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('second_factor_enabled', 'second_factor_disabled', 'second_factor_reset', 'backup_codes_renewed', 'backup_code_used')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_events_by_user ON account_events (user_id, created_at DESC, id DESC);
