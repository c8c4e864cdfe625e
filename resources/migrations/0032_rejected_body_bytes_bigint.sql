-- Hookyard schema, version 32: the length a turned-away request announced is kept as announced.
--
-- body_bytes was an INTEGER, so a Content-Length beyond 2 GiB (99999999999, refused from the head with 413) was
-- stored as 2147483647 beside a reason naming the real length (found by an adversarial helper). The table is bounded
-- (the receiver keeps its newest rows), so rewriting it is quick.
ALTER TABLE rejected_requests ALTER COLUMN body_bytes TYPE BIGINT;
