-- Hookyard schema, version 2: the receiving side — what Hookyard knows about each inbox row, the requests it
-- turned away, the entity states the worker maintains, and the state machines it checks transitions against.

-- One row per webhook_inbox row, written in the same transaction as it (webhook_inbox itself stays exactly the
-- producers' contract). Worker claims are leases, as for deliveries.
CREATE TABLE inbox_messages (
  inbox_id UUID PRIMARY KEY REFERENCES webhook_inbox (id) ON DELETE CASCADE,
  partner_id BIGINT REFERENCES partners (id) ON DELETE SET NULL,
  event_type TEXT,
  entity_type TEXT,
  entity_id TEXT,
  event_time TIMESTAMPTZ,
  headers JSONB NOT NULL DEFAULT '{}', -- the request headers worth keeping; never a secret
  raw_body BYTEA NOT NULL,             -- the exact bytes the signature covered
  attempt_count INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  leased_by TEXT,
  lease_expires_at TIMESTAMPTZ,
  deferred_since TIMESTAMPTZ,  -- first deferral; bounds the age of a deferral
  defer_count INTEGER NOT NULL DEFAULT 0,
  waiting_for TEXT,            -- what a DEFERRED row waits for, e.g. "order A-1048 to reach paid"
  reason TEXT,                 -- why it is QUARANTINED, or the last failure
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX inbox_messages_due ON inbox_messages (next_attempt_at);
CREATE INDEX inbox_messages_entity ON inbox_messages (partner_id, entity_type, entity_id);

-- Every turned-away request (bad signature, stale timestamp, unknown partner, too large, not JSON, ...), for the
-- console. Bounded: the receiver keeps the newest rows only.
CREATE TABLE rejected_requests (
  id BIGSERIAL PRIMARY KEY,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  partner_name TEXT,
  remote_address TEXT,
  status_code INTEGER NOT NULL,
  reason TEXT NOT NULL,
  headers JSONB NOT NULL DEFAULT '{}',
  body_bytes INTEGER NOT NULL DEFAULT 0,
  body_snippet TEXT
);
CREATE INDEX rejected_requests_received ON rejected_requests (received_at DESC, id DESC);

-- The state the worker has applied to each entity, per partner and entity type.
CREATE TABLE entity_states (
  partner_name VARCHAR(50) NOT NULL,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  state TEXT NOT NULL,
  last_event_time TIMESTAMPTZ,  -- timestamp mode: older events never overwrite newer state
  last_inbox_id UUID,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (partner_name, entity_type, entity_id)
);

-- Allowed transitions: an event of event_type moves an entity from one of from_states to to_state. An empty
-- from_states means the event creates the entity (it must not exist yet).
CREATE TABLE state_transitions (
  partner_name VARCHAR(50) NOT NULL,
  entity_type TEXT NOT NULL,
  event_type TEXT NOT NULL,
  from_states TEXT[] NOT NULL DEFAULT '{}',
  to_state TEXT NOT NULL,
  PRIMARY KEY (partner_name, entity_type, event_type)
);

-- Wake the worker when rows arrive (identical notifications collapse to one per transaction).
CREATE FUNCTION hookyard_inbox_notify() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hookyard_inbox', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER inbox_messages_notify AFTER INSERT ON inbox_messages
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_inbox_notify();
