-- Hookyard schema, version 19: the relay's updates write no index entry where they need none (docs/benchmarks.md,
-- relay).
--
-- An update is HOT — no new index entries, and a new row version on the same page that the WAL record logs only as
-- its changed bytes — when it changes no column that an index names (predicates included) and the row's page has
-- room for the new version. A non-HOT update inserts into every index of the table again, which on deliveries (eight
-- indexes) made a claim's lease update cost ten times as much as a HOT one.

-- Marking an event processed changes only processed_at. outbox_events_unprocessed named it in its predicate, so
-- every such update wrote the ≈ 440-byte row again and a new entry into every index of the producer's table. Pending
-- events are counted from deliveries instead (core/stats/Stats.cpp): an event waits as long as one of its deliveries
-- is not delivered. A producer's own index that names processed_at makes these updates non-HOT again.
DROP INDEX IF EXISTS outbox_events_unprocessed;

-- Room for the new versions. The relay claims, and records, consecutive rows together, so a statement updates most
-- rows of a page at once, before any old version can be pruned: a page must hold a second version of every row.
-- Measured with pgbench running the relay's claim and record statements (4 clients, batches of 128, 97,280
-- deliveries): with fillfactor 60 on deliveries (migration 3) 38 % of the lease updates found no room, and with 70 on
-- outbox_events 61 % of the processed_at updates; with 40 and 50 every one was HOT, and the batches ran at 168–184
-- per second where the schema before this version ran 135 (113–138 without the index but with the old room).
-- Both apply to pages written from now on; the producers' columns are unchanged.
ALTER TABLE deliveries SET (fillfactor = 40);
ALTER TABLE outbox_events SET (fillfactor = 50);
