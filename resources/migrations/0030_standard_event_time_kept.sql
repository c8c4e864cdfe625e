-- Hookyard schema, version 30: standard partners added before version 30 keep the event time they had.
--
-- A standard partner's default event_time used to be the signed webhook-timestamp header, the time of the delivery
-- attempt; new partners now default to the payload's /timestamp (core/inbox/PartnerConfig.cpp, docs/partners.md).
-- Defaults are applied when a configuration is read, so without this a partner relying on the old default would
-- change on upgrade: in timestamp mode its entities' last event times were attempt times, later than any payload
-- time, and its next events would all compare as older and be left unapplied. Such partners get the old default
-- written into their configuration; an operator moves one to /timestamp by setting its event_time to it.
UPDATE partners
SET config = config || jsonb_build_object(
      'event_time',
      CASE WHEN config -> 'svix_headers' = 'true'::jsonb THEN 'header:svix-timestamp' ELSE 'header:webhook-timestamp' END)
WHERE scheme = 'standard' AND jsonb_typeof(config) = 'object' AND NOT config ? 'event_time';
