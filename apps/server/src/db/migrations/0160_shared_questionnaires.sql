-- One property, one questionnaire (issue 23): a realty file holds one sale
-- questionnaire (of its subtype) for all its sellers and one purchase
-- questionnaire for all its buyers. See docs/decisions.md (2026-11-24).

-- The role a questionnaire is shared by; it then belongs to no participant.
ALTER TABLE documents ADD COLUMN shared_role text CHECK (shared_role IN ('seller', 'buyer'));
-- A person's copy from before the sharing: kept readable until the office deletes it.
ALTER TABLE documents ADD COLUMN superseded_at timestamptz;
ALTER TABLE documents ADD CONSTRAINT documents_shared_is_questionnaire
  CHECK (shared_role IS NULL OR (kind = 'questionnaire' AND participant_id IS NULL AND superseded_at IS NULL));
-- One per role and file, whatever the races between adding, moving and removing people.
CREATE UNIQUE INDEX documents_shared_questionnaire ON documents (project_id, shared_role) WHERE shared_role IS NOT NULL;

-- The sale and purchase questionnaires of realty files, ranked per file and
-- role: the one of the file's own kind first, then the most advanced (progress,
-- then number of answers), then the last saved.
CREATE TEMPORARY TABLE role_questionnaires ON COMMIT DROP AS
SELECT ranked.id, ranked.role, ranked.fits, ranked.empty,
       row_number() OVER (PARTITION BY ranked.project_id, ranked.role
                          ORDER BY ranked.fits DESC, ranked.progress DESC, ranked.answer_count DESC, ranked.updated_at DESC, ranked.id) AS rank
FROM (
  SELECT d.id, d.project_id, d.progress, d.updated_at,
         CASE WHEN d.doc_type = 'document_buyers' THEN 'buyer' ELSE 'seller' END AS role,
         d.doc_type = CASE WHEN d.doc_type = 'document_buyers' THEN 'document_buyers'
                           WHEN p.subtype = 'appt' THEN 'document_sale_appts'
                           WHEN p.subtype = 'house' THEN 'document_sale_houses'
                           WHEN p.subtype = 'land' THEN 'document_sale_lands' END AS fits,
         d.answers = '{}'::jsonb AS empty,
         (SELECT count(*) FROM jsonb_object_keys(d.answers)) AS answer_count
  FROM documents d
  JOIN projects p ON p.id = d.project_id
  WHERE p.type = 'realty' AND d.kind = 'questionnaire'
    AND d.doc_type IN ('document_sale_appts', 'document_sale_houses', 'document_sale_lands', 'document_buyers')
) ranked;

-- The first becomes the role's shared questionnaire.
UPDATE documents d SET shared_role = r.role, participant_id = NULL
FROM role_questionnaires r
WHERE d.id = r.id AND r.rank = 1 AND r.fits;

-- The others: empty ones go (nothing to lose, and they would be transferred);
-- answered ones stay with their owner, superseded, until the office deletes them.
DELETE FROM documents d USING role_questionnaires r
WHERE d.id = r.id AND NOT (r.rank = 1 AND r.fits) AND r.empty;

UPDATE documents d SET superseded_at = now()
FROM role_questionnaires r
WHERE d.id = r.id AND NOT (r.rank = 1 AND r.fits) AND NOT r.empty;

-- Files with sellers or buyers and no questionnaire of their own kind yet get an empty one.
INSERT INTO documents (project_id, kind, doc_type, shared_role)
SELECT DISTINCT pa.project_id, 'questionnaire',
       CASE WHEN pa.role = 'buyer' THEN 'document_buyers'
            WHEN p.subtype = 'appt' THEN 'document_sale_appts'
            WHEN p.subtype = 'house' THEN 'document_sale_houses'
            ELSE 'document_sale_lands' END,
       pa.role
FROM participants pa
JOIN projects p ON p.id = pa.project_id
WHERE p.type = 'realty' AND p.subtype IN ('appt', 'house', 'land') AND pa.role IN ('seller', 'buyer')
ON CONFLICT (project_id, shared_role) WHERE shared_role IS NOT NULL DO NOTHING;
