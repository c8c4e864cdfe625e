-- Hookyard schema, version 10: receiver commits that do not take turns (docs/benchmarks.md, ingest, "Where the time
-- goes").
--
-- A transaction that sends a NOTIFY holds one database-wide lock from just before its commit until after it, WAL
-- flush included, so that notifications are queued in commit order. While the inbox trigger notified from every
-- commit of the receiver, the commits of its several ingest connections therefore ran one at a time and never shared
-- a WAL flush. The receiver's ingest sessions now set hookyard.inbox_notify to 'off' and wake the workers with a NOTIFY
-- of their own after their commits, at most one every few milliseconds; every other writer of inbox_messages still
-- wakes them through the trigger. (A setting rather than dropping the trigger: rows written any other way must keep
-- waking the workers.)
CREATE OR REPLACE FUNCTION hookyard_inbox_notify() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('hookyard.inbox_notify', true) IS DISTINCT FROM 'off' THEN
    PERFORM pg_notify('hookyard_inbox', '');
  END IF;
  RETURN NULL;
END
$$;
