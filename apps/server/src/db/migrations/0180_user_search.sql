-- The admin's user search finds each word anywhere in the first name, last
-- name or e-mail, case and accents ignored ("heritiere" finds "Héritière",
-- "notadoo.fr" an address at that domain), on a trigram index rather than by
-- reading every user.
--
-- The folding is a function so that it is written once in SQL. It must be
-- IMMUTABLE to be used in a generated column (and an index): lower() and
-- translate() are. unaccent() is not (its dictionary can change), and would
-- fold more letters than `foldForSearch` (packages/domain), which searches are
-- folded with; these letters are those of migration 0061, which project names
-- are folded with.
CREATE FUNCTION fold_for_search(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(translate($1,
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸ',
    'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy')) $$;

-- One column for the three fields; the spaces keep a word from spanning two.
ALTER TABLE users ADD COLUMN search_text text GENERATED ALWAYS AS (
  fold_for_search(first_name || ' ' || last_name || ' ' || email)
) STORED;
CREATE INDEX users_search_text ON users USING gin (search_text gin_trgm_ops);

-- The prefix search these served is gone; sorting keeps users_by_name_covering
-- and users_by_date, e-mail lookups the unique index.
DROP INDEX users_last_name_prefix;
DROP INDEX users_first_name_prefix;
DROP INDEX users_email_prefix;
