-- Hookyard schema, version 28: outbox events with a dead delivery counted from an index (core/stats/Stats.cpp).
--
-- The outbox's counts now split the waiting events as the console's Outbox view does: an event with a dead delivery
-- is dead, the others pending. The console repeats those counts every two seconds, and counting the distinct events
-- of dead deliveries through deliveries_by_state would fetch every dead delivery's row (the cost version 20 removed
-- for the waiting events). This index holds the event ids of dead deliveries in order, so the count reads the index
-- alone. Only deliveries that die are in it: the relay's other state changes write no entry.
CREATE INDEX IF NOT EXISTS deliveries_dead_events ON deliveries (event_id) WHERE state = 'dead';
