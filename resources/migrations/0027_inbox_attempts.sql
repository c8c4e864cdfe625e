-- Hookyard schema, version 27: every attempt the inbox worker made at a row, for the console's timeline.
--
-- inbox_messages keeps where a row stands (attempt_count, next_attempt_at, the last reason). Someone looking at a
-- quarantined row wants each attempt, as a delivery shows them: when it began, how long the handler call took, what
-- the handler answered or why it failed. One row per failed attempt, written with the failure, and one per handler
-- call that succeeded, in the transaction that applies the event. Rows the worker applies without a handler, defers
-- or quarantines without a failure have none.
--
-- No foreign key, as for inbox_messages (migration 21): the statement triggers that remove the inbox_messages rows of
-- deleted or truncated webhook_inbox rows remove these too.
CREATE TABLE inbox_attempts (
  id BIGSERIAL PRIMARY KEY,
  inbox_id UUID NOT NULL,
  attempt_no INTEGER NOT NULL, -- counted from 1 since the row was last queued (a replay starts again at 1)
  started_at TIMESTAMPTZ NOT NULL,
  duration_ms INTEGER,         -- of the handler call; NULL when none was made
  status_code INTEGER,         -- the handler's HTTP answer; NULL without one
  error_class TEXT,            -- of the handler call, as in delivery_attempts (ok: a 2xx); NULL when none was made
  error_detail TEXT,           -- why the attempt failed
  worker_instance TEXT NOT NULL
);
CREATE INDEX inbox_attempts_row ON inbox_attempts (inbox_id, id);

CREATE OR REPLACE FUNCTION hookyard_inbox_rows_deleted() RETURNS TRIGGER LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  EXECUTE format('DELETE FROM %I.inbox_messages m USING deleted_rows d WHERE m.inbox_id = d.id', TG_TABLE_SCHEMA);
  EXECUTE format('DELETE FROM %I.inbox_attempts a USING deleted_rows d WHERE a.inbox_id = d.id', TG_TABLE_SCHEMA);
  RETURN NULL;
END
$$;

-- As in migration 21: a table the TRUNCATE listed is empty already and may not be truncated again from here.
CREATE OR REPLACE FUNCTION hookyard_inbox_truncated() RETURNS TRIGGER LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, pg_temp AS $$
DECLARE
  side_table TEXT;
  has_rows BOOLEAN;
BEGIN
  FOREACH side_table IN ARRAY ARRAY['inbox_messages', 'inbox_attempts'] LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I.%I)', TG_TABLE_SCHEMA, side_table) INTO has_rows;
    IF has_rows THEN
      EXECUTE format('TRUNCATE %I.%I', TG_TABLE_SCHEMA, side_table);
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

-- The worker runs as the receiver's role (migration 17); the console reads; the operator does everything.
GRANT SELECT, INSERT ON inbox_attempts TO hookyard_receiver;
GRANT USAGE ON SEQUENCE inbox_attempts_id_seq TO hookyard_receiver, hookyard_operator;
GRANT SELECT ON inbox_attempts TO hookyard_console_readonly;
GRANT SELECT, INSERT, UPDATE, DELETE ON inbox_attempts TO hookyard_operator;
