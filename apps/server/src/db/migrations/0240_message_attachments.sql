-- Several files per message (issue 28). See docs/decisions.md (2026-11-24, several files per message).

-- The files of a message, in the order they were sent. stored_name is the
-- name in the storage, under the file's prefix (files/projects/{project}/...),
-- as messages.attachment_name held it; document_id is carried over from
-- messages.attachment_document_id (no code sets it: message files are in no
-- drawer). size_bytes is known for files sent from now on.
CREATE TABLE message_attachments (
  id          serial PRIMARY KEY,
  message_id  integer NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
  position    integer NOT NULL CHECK (position >= 0),
  document_id integer REFERENCES documents(id) ON DELETE SET NULL,
  stored_name text    NOT NULL,
  size_bytes  bigint  CHECK (size_bytes >= 0),
  UNIQUE (message_id, position)
);

-- Each message's single file becomes its first attachment; a withdrawn
-- message's file was removed from the storage already and is not carried.
INSERT INTO message_attachments (message_id, position, document_id, stored_name)
  SELECT id, 0, attachment_document_id, attachment_name FROM messages
  WHERE attachment_name IS NOT NULL AND withdrawn_at IS NULL
  ORDER BY id;

ALTER TABLE messages DROP COLUMN attachment_document_id;
ALTER TABLE messages DROP COLUMN attachment_name;
