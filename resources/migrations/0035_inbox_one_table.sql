-- Hookyard schema, version 35: what Hookyard keeps about an inbox row moves from inbox_messages into webhook_inbox
-- (docs/benchmarks.md, ingest).
--
-- The receiver wrote every webhook twice: its webhook_inbox row and, in the same statement, an inbox_messages row
-- keyed by the same id. A second heap tuple and a second primary-key entry per row, and the join between the two in
-- the statement, were a tenth of the receiver's commit cycle at 8 clients. PRODUCT.md lets Hookyard add columns of
-- its own to webhook_inbox; they all have defaults or allow NULL, so a producer that knows only PRODUCT.md's columns
-- writes rows as before.
--
-- A row a producer wrote has no raw_body until the worker adopts it (sets partner_id and raw_body, the payload's
-- text, which the signature could not have covered: the producer verified it); the receiver writes raw_body at once.
-- The worker claims adopted rows only.
--
-- The copy below rewrites every inbox row that had an inbox_messages row, once: on a large inbox, migrate in a quiet
-- hour (the migration holds webhook_inbox locked until it commits).
ALTER TABLE webhook_inbox
  ADD COLUMN partner_id BIGINT,       -- no foreign key: removing a partner clears it (trigger below)
  ADD COLUMN event_type TEXT,
  ADD COLUMN entity_type TEXT,
  ADD COLUMN entity_id TEXT,
  ADD COLUMN event_time TIMESTAMPTZ,
  ADD COLUMN headers JSONB NOT NULL DEFAULT '{}', -- the request headers worth keeping; never a secret
  ADD COLUMN raw_body BYTEA,          -- the exact bytes the signature covered; NULL until adopted (above)
  ADD COLUMN attempt_count INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  ADD COLUMN leased_by TEXT,
  ADD COLUMN lease_expires_at TIMESTAMPTZ,
  ADD COLUMN deferred_since TIMESTAMPTZ, -- first deferral; bounds the age of a deferral
  ADD COLUMN defer_count INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN waiting_for TEXT,        -- what a DEFERRED row waits for, e.g. "order A-1048 to reach paid"
  ADD COLUMN reason TEXT,             -- why it is QUARANTINED, or the last failure
  ADD COLUMN updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  ADD COLUMN resolved_at TIMESTAMPTZ, -- an operator resolved the quarantined row (who and why: audit_log)
  ADD COLUMN resolution_note TEXT;

-- The copy writes a new version of each row it changes, which would have to pass webhook_inbox_status_known: rows from
-- before version 29 that it never checked (NOT VALID) would fail the migration. It is put back as it was, NOT VALID.
ALTER TABLE webhook_inbox DROP CONSTRAINT webhook_inbox_status_known;

UPDATE webhook_inbox w SET
  partner_id = m.partner_id, event_type = m.event_type, entity_type = m.entity_type, entity_id = m.entity_id,
  event_time = m.event_time, headers = m.headers, raw_body = m.raw_body, attempt_count = m.attempt_count,
  next_attempt_at = m.next_attempt_at, leased_by = m.leased_by, lease_expires_at = m.lease_expires_at,
  deferred_since = m.deferred_since, defer_count = m.defer_count, waiting_for = m.waiting_for, reason = m.reason,
  updated_at = m.updated_at, resolved_at = m.resolved_at, resolution_note = m.resolution_note
FROM inbox_messages m
WHERE m.inbox_id = w.id;

ALTER TABLE webhook_inbox ADD CONSTRAINT webhook_inbox_status_known
  CHECK (status IS NOT NULL AND status IN ('PENDING', 'PROCESSED', 'DEFERRED', 'QUARANTINED')) NOT VALID;

DROP TABLE inbox_messages; -- its triggers go with it
DROP FUNCTION hookyard_inbox_notify();

-- Only adopted rows that wait are claimed, and only deferred rows are woken by their entity: both indexes hold those
-- rows alone, so that processed rows (nearly all of them) cost them nothing. A row a producer writes enters the due
-- index when the worker adopts it (an update that writes every index entry of the row anyway), not at its insert.
CREATE INDEX webhook_inbox_due ON webhook_inbox (next_attempt_at)
  WHERE status IN ('PENDING', 'DEFERRED') AND raw_body IS NOT NULL;
CREATE INDEX webhook_inbox_deferred_entity ON webhook_inbox (partner_id, entity_type, entity_id)
  WHERE status = 'DEFERRED';

-- An inbox row settled, deferred, quarantined, replayed or resolved wakes open consoles (as inbox_messages did since
-- migration 8).
CREATE TRIGGER webhook_inbox_console_notify AFTER UPDATE ON webhook_inbox
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_console_notify();

-- Deleting or truncating inbox rows still removes their attempts (migrations 21, 27).
CREATE OR REPLACE FUNCTION hookyard_inbox_rows_deleted() RETURNS TRIGGER LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  EXECUTE format('DELETE FROM %I.inbox_attempts a USING deleted_rows d WHERE a.inbox_id = d.id', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;

-- A table the TRUNCATE listed is empty already and may not be truncated again from here.
CREATE OR REPLACE FUNCTION hookyard_inbox_truncated() RETURNS TRIGGER LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  has_rows BOOLEAN;
BEGIN
  EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.inbox_attempts)', TG_TABLE_SCHEMA) INTO has_rows;
  IF has_rows THEN
    EXECUTE format('TRUNCATE %I.inbox_attempts', TG_TABLE_SCHEMA);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION hookyard_partners_removed() RETURNS TRIGGER LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  -- By name too: the unique (partner_name, partner_event_id) index finds the partner's rows.
  EXECUTE format('UPDATE %I.webhook_inbox w SET partner_id = NULL FROM removed_partners p '
                 'WHERE w.partner_name = p.name AND w.partner_id = p.id', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;
