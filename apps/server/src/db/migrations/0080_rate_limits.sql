-- Rate-limit counters shared by every server process (issue 11): one row per
-- key and fixed window. `key` is the counter's kind in clear and an HMAC of
-- the rest (address, e-mail, user id), so it is short and holds no personal
-- data in clear. Windows are timed by the database's clock.
--
-- UNLOGGED: no write-ahead log for a row that changes on every login, so a
-- hit does not wait for a disk flush. The price: after a crash of the
-- PostgreSQL server the table comes back empty and standbys do not get it
-- (counters restart from zero after a failover), which is acceptable for
-- counters of at most an hour. PGlite accepts it too.
CREATE UNLOGGED TABLE rate_limits (
  key      text        PRIMARY KEY,
  count    integer     NOT NULL,
  reset_at timestamptz NOT NULL
);
-- Each process deletes expired rows in bounded batches.
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);
