-- Hookyard schema, version 22: the inbox trigger's condition checked before the trigger is queued (docs/benchmarks.md,
-- ingest, "Where the time goes").
--
-- Since version 10 the receiver's ingest sessions set hookyard.inbox_notify to 'off' and the trigger's function
-- returned without notifying. It was still queued and called, in PL/pgSQL, at the end of every batch statement:
-- 3.0 % of an ingest session's CPU samples at 8 clients. As the trigger's WHEN condition, the setting is checked at
-- the end of each insert statement, before the trigger would be queued, and a statement of those sessions queues
-- none; every other writer of inbox_messages still wakes the workers.
CREATE OR REPLACE FUNCTION hookyard_inbox_notify() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hookyard_inbox', '');
  RETURN NULL;
END
$$;
DROP TRIGGER inbox_messages_notify ON inbox_messages;
CREATE TRIGGER inbox_messages_notify AFTER INSERT ON inbox_messages
  FOR EACH STATEMENT WHEN (current_setting('hookyard.inbox_notify', true) IS DISTINCT FROM 'off')
  EXECUTE FUNCTION hookyard_inbox_notify();
