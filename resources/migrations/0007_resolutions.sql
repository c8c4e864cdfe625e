-- Hookyard schema, version 7: "resolve with a note" from the console. A dead delivery or a quarantined inbox row
-- that an engineer settled by hand (fixed on the partner's side, not worth re-sending) keeps its state and history
-- but leaves the dead-letter list; who resolved it and why is in audit_log, the note also here for the views.
-- A replay clears both columns.
ALTER TABLE deliveries ADD COLUMN resolved_at TIMESTAMPTZ, ADD COLUMN resolution_note TEXT;
ALTER TABLE inbox_messages ADD COLUMN resolved_at TIMESTAMPTZ, ADD COLUMN resolution_note TEXT;
