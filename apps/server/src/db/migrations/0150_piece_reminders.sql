-- Reminders of the pieces a person still owes (issue 22, `decideReminders`).
-- See docs/decisions.md (2026-11-24, reminders). A person is their account
-- ('u' || user id) or, invited without one, their address ('e' || lower(email)):
-- one mail a day lists every file of theirs that is due.

-- Each reminder mail, from the daily pass or the office's "send now": the
-- files it listed. The unique (person, French day) is the claim: two
-- processes (or the pass and the office) inserting the same day's row, one
-- gets it and sends, the other does nothing.
CREATE TABLE piece_reminders (
  id          serial PRIMARY KEY,
  person_key  text        NOT NULL,
  day         date        NOT NULL,
  sent_at     timestamptz NOT NULL,
  project_ids integer[]   NOT NULL,
  -- The office member who sent it now; null: the daily pass.
  by_user_id  integer REFERENCES users(id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX piece_reminders_person_day ON piece_reminders (person_key, day);
CREATE INDEX piece_reminders_by_user ON piece_reminders (by_user_id);

-- The office told that a person has not moved despite three reminders: once
-- per quiet spell (`decideReminders` reads these), claimed per person, file and day.
CREATE TABLE piece_reminder_alerts (
  id          serial PRIMARY KEY,
  person_key  text        NOT NULL,
  project_id  integer     NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  day         date        NOT NULL,
  sent_at     timestamptz NOT NULL
);
CREATE UNIQUE INDEX piece_reminder_alerts_person_project_day ON piece_reminder_alerts (person_key, project_id, day);
CREATE INDEX piece_reminder_alerts_project ON piece_reminder_alerts (project_id);

-- The daily pass: taken by one process at a time for a while (a lease, so a
-- process that died leaves it to another), and marked done for the day, so
-- the hourly runs after it cost one statement.
CREATE TABLE piece_reminder_passes (
  day         date PRIMARY KEY,
  started_at  timestamptz NOT NULL,
  finished_at timestamptz
);

-- Who may be due: the requests still awaited from their person (demandée or
-- à corriger, still required), in participant order for the pass's pages.
-- Only those rows are indexed: received, accepted and waived pieces, most of
-- a mature network's, are never read by the pass.
CREATE INDEX piece_requests_awaiting ON piece_requests (participant_id, updated_at)
  WHERE state IN ('requested', 'to_correct') AND NOT no_longer_required;
