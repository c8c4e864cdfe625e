-- Hookyard schema, version 25: a partner's handler timeout is at most an hour.
--
-- A worker's lease lasts the longest handler timeout of all partners, counted in seconds in an int: a timeout near
-- 2^31 ms overflowed it into the past, so that no worker processed any row (found by an adversarial helper). The
-- configuration now refuses `handler_timeout_ms` above 3600000; a stored one above it would no longer parse, and its
-- partner would be turned away, so it is lowered to the cap here.
UPDATE partners
SET config = jsonb_set(config, '{handler_timeout_ms}', '3600000')
WHERE jsonb_typeof(config -> 'handler_timeout_ms') = 'number' AND (config ->> 'handler_timeout_ms')::numeric > 3600000;
