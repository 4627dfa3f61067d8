-- Issue 27 (passwords): whether the account's password meets the rule of
-- office members and admins (CNIL deliberation 2022-100, 80 bits), found when
-- it is set or at a sign-in (the only times the server holds it in clear).
-- NULL: not known yet (set before this migration, not signed in since).
-- A staff account whose password is known not to meet it is held at the
-- "stronger password" gate (apps/server/src/auth/password-gate.ts).
ALTER TABLE users ADD COLUMN password_meets_staff_rule boolean;
