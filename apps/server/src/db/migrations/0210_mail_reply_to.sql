-- The address a reply goes to, when it is not the sender's: a contact message
-- is answered to the visitor who wrote it. Already checked as one e-mail
-- address when queued (no line break can reach the header).
ALTER TABLE mail_outbox ADD COLUMN reply_to text;
