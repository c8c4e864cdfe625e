-- Hookyard schema, version 9: the console overview's last hour of activity (attempts and received webhooks per
-- minute, the endpoints failing now). BRIN indexes: both columns grow with insertion order, so a block-range
-- summary finds the last hour in a few pages, and keeping it costs an insert almost nothing (unlike a B-tree on
-- the relay's and receiver's write paths).
CREATE INDEX delivery_attempts_started_brin ON delivery_attempts USING brin (started_at);
CREATE INDEX IF NOT EXISTS webhook_inbox_received_brin ON webhook_inbox USING brin (received_at);
