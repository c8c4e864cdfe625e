-- Hookyard schema, version 12: unknown outcomes are resolved through the endpoint's status URL (docs/producers.md,
-- "Unknown outcomes and the status URL").
--
-- A delivery whose request timed out or lost its connection after the body was sent is 'unknown' when its endpoint
-- has a status URL (endpoints.status_url, a template with {id}): the relay asks that URL before anything is sent
-- again. next_attempt_at is then the time of the next status check, and status_checks counts the checks that could
-- not tell, which is its position in the endpoint's retry schedule: once every wait of the schedule is used up the
-- delivery is no longer asked about and stays 'unknown' until an operator replays or resolves it. The column is
-- written by the relay's record statement; it is in no index, so a lease update stays HOT.
ALTER TABLE deliveries ADD COLUMN status_checks INTEGER NOT NULL DEFAULT 0;
