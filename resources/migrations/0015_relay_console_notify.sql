-- Hookyard schema, version 15: relay commits that do not take turns (docs/benchmarks.md, relay).
--
-- A transaction that sends a NOTIFY holds one database-wide lock from just before its commit until after it, WAL
-- flush included (migration 10 says the same of the receiver). The attempts trigger notified the consoles from every
-- record transaction of every relay, so those commits ran one at a time. Relay sessions now set
-- hookyard.console_notify to 'off' and send the consoles' NOTIFY themselves after their commits, at most one every
-- 100 ms; any other writer still notifies through the triggers.
CREATE OR REPLACE FUNCTION hookyard_console_notify() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('hookyard.console_notify', true) IS DISTINCT FROM 'off' THEN
    PERFORM pg_notify('hookyard_console', '');
  END IF;
  RETURN NULL;
END
$$;
