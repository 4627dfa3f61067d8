-- Searching project names by part, case and accents ignored (issue 11): the
-- folded name is stored beside the name and indexed by trigrams, so a search
-- among 100,000 files reads the index instead of folding every name.
-- The letters are those of `foldForSearch` (packages/domain): each accented
-- letter becomes its plain letter, then everything is lower case.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE projects ADD COLUMN search_name text GENERATED ALWAYS AS (
  lower(translate(name,
    'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿŸ',
    'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy'))
) STORED;
CREATE INDEX projects_search_name ON projects USING gin (search_name gin_trgm_ops);
