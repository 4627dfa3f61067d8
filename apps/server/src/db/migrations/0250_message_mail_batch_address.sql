-- A "messages waiting" mail goes to the account's address when it leaves
-- (an address changed within the minute is followed): the address copied
-- into the batch when it opened was no longer read.
ALTER TABLE message_mail_batches DROP COLUMN email;
