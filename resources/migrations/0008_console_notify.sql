-- Hookyard schema, version 8: wake open consoles when what they show changes. New events and inbox rows already
-- notify 'hookyard_deliveries' and 'hookyard_inbox' (which the relays and workers listen to); the progress of a
-- row — an attempt recorded, an inbox row settled, deferred or quarantined, an operator's action — notifies
-- 'hookyard_console', which only consoles listen to, so that relays are not woken by their own writes.
-- Statement-level: one notification per statement, and identical ones collapse to one per transaction.
CREATE FUNCTION hookyard_console_notify() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hookyard_console', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER delivery_attempts_console_notify AFTER INSERT ON delivery_attempts
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_console_notify();
CREATE TRIGGER inbox_messages_console_notify AFTER UPDATE ON inbox_messages
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_console_notify();
CREATE TRIGGER audit_log_console_notify AFTER INSERT ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_console_notify();
