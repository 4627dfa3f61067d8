-- Deep pages of the admin's users table sorted by name (issue 11): the page's
-- ids are read from this index alone, an index-only scan that steps over the
-- OFFSET rows without visiting the table. PostgreSQL plans an index-only scan
-- on expressions only when the columns they are computed from are in the
-- index too, hence the included names. It replaces users_by_name (same keys).
CREATE INDEX users_by_name_covering ON users (lower(last_name), lower(first_name), id) INCLUDE (last_name, first_name);
DROP INDEX users_by_name;
