-- Hookyard schema, version 3: fewer index writes per delivery (docs/benchmarks.md, relay, "Where the time goes").
--
-- Every delivery is updated twice on its way out: the claim's lease, then the attempt's outcome. An update that
-- touches no indexed column and finds room on its page is a HOT update and writes no index entry; any other update
-- inserts into every index of the table again.

-- Room on each page for the lease update's new row version, so that it stays HOT (leased_by and lease_expires_at
-- are in no index). Applies to pages written from now on.
ALTER TABLE deliveries SET (fillfactor = 60);

-- Covered by the UNIQUE (event_id, endpoint_id) index, whose first column is event_id.
DROP INDEX deliveries_event;

-- Listing by state and time is for the console's views of what needs attention; delivered rows, the bulk of the
-- table, are reached through their event or their endpoint instead, so the state change to 'delivered' no longer
-- writes into this index.
DROP INDEX deliveries_by_state;
CREATE INDEX deliveries_by_state ON deliveries (state, created_at DESC, id DESC) WHERE state <> 'delivered';
