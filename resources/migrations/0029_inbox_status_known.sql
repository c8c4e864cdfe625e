-- Hookyard schema, version 29: webhook_inbox rows take a status the worker knows.
--
-- A producer writing straight into webhook_inbox (a receiver that knows only this table) with a status the worker
-- does not know, such as NULL or 'pending', left its rows unprocessed and uncounted for ever, with nothing said
-- (found by an exploring helper). Any status but the four is now refused, with the constraint's name in the error;
-- the table keeps PRODUCT.md's columns and defaults (no default status). NOT VALID: rows already there are not
-- checked, so the migration reads no inbox.
ALTER TABLE webhook_inbox ADD CONSTRAINT webhook_inbox_status_known
  CHECK (status IS NOT NULL AND status IN ('PENDING', 'PROCESSED', 'DEFERRED', 'QUARANTINED')) NOT VALID;
