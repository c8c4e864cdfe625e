-- Hookyard schema, version 1.
--
-- outbox_events and webhook_inbox are the producers' contract (PRODUCT.md section 2): their columns and types are
-- kept exactly as defined there, and a table a producer already created is left as it is. Everything Hookyard needs
-- beyond them lives in its own tables below, keyed to those rows.

CREATE TABLE IF NOT EXISTS outbox_events (
  id UUID PRIMARY KEY,
  aggregate_type VARCHAR(50),
  aggregate_id UUID,
  event_type VARCHAR(100),
  payload JSONB NOT NULL,
  created_at TIMESTAMP DEFAULT NOW(),
  processed_at TIMESTAMP
);
-- Unprocessed events, oldest first: what the relay and the overview look at.
CREATE INDEX IF NOT EXISTS outbox_events_unprocessed ON outbox_events (created_at) WHERE processed_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_events_aggregate ON outbox_events (aggregate_id);

CREATE TABLE IF NOT EXISTS webhook_inbox (
  id UUID PRIMARY KEY,
  partner_name VARCHAR(50),
  partner_event_id VARCHAR(100),
  payload JSONB NOT NULL,
  signature_verified BOOLEAN,
  status VARCHAR(20),
  received_at TIMESTAMP DEFAULT NOW(),
  processed_at TIMESTAMP,
  UNIQUE(partner_name, partner_event_id)
);
CREATE INDEX IF NOT EXISTS webhook_inbox_status ON webhook_inbox (status, received_at);

-- Receivers of our outbox events.
CREATE TABLE endpoints (
  id BIGSERIAL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$'),
  url TEXT NOT NULL,
  -- Event types delivered here: exact names or prefix wildcards such as 'order.*'; '*' is everything.
  event_types TEXT[] NOT NULL DEFAULT '{*}',
  state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused', 'disabled')),
  state_reason TEXT,
  timeout_ms INTEGER NOT NULL DEFAULT 15000 CHECK (timeout_ms > 0),
  -- Waits before the 2nd, 3rd, ... attempt, in seconds; a failure after the last one dead-letters the delivery.
  retry_schedule_s INTEGER[] NOT NULL DEFAULT '{60,300,600}',
  rate_limit_per_s INTEGER CHECK (rate_limit_per_s IS NULL OR rate_limit_per_s > 0),
  ordered_per_aggregate BOOLEAN NOT NULL DEFAULT false,
  custom_headers JSONB NOT NULL DEFAULT '{}',
  svix_header_names BOOLEAN NOT NULL DEFAULT false,
  status_url TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Signing secrets (whsec_...). Several may be active during a rotation; the relay signs with every active one.
CREATE TABLE endpoint_secrets (
  id BIGSERIAL PRIMARY KEY,
  endpoint_id BIGINT NOT NULL REFERENCES endpoints (id) ON DELETE CASCADE,
  secret TEXT NOT NULL CHECK (secret LIKE 'whsec\_%'),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ -- NULL: active until rotated out
);
CREATE INDEX endpoint_secrets_endpoint ON endpoint_secrets (endpoint_id);

-- One delivery per event and subscribed endpoint, created by the fan-out trigger below in the producer's own
-- transaction. A claim is a lease: a relay that dies leaves lease_expires_at in the past and the row returns to
-- the pool. event_type and aggregate_id are copied from the event so claims and ordering need no join.
CREATE TABLE deliveries (
  id BIGSERIAL PRIMARY KEY, -- also the order of events per (endpoint, aggregate) in ordered mode
  event_id UUID NOT NULL REFERENCES outbox_events (id) ON DELETE CASCADE,
  endpoint_id BIGINT NOT NULL REFERENCES endpoints (id) ON DELETE CASCADE,
  event_type VARCHAR(100),
  aggregate_id UUID,
  -- pending: waiting or in flight (leased); delivered; dead: retries exhausted; held: endpoint disabled (410);
  -- unknown: the outcome could not be determined and nobody may blindly resend it
  state TEXT NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'delivered', 'dead', 'held', 'unknown')),
  attempt_count INTEGER NOT NULL DEFAULT 0,        -- every attempt ever, for the timeline
  failures_since_queued INTEGER NOT NULL DEFAULT 0, -- position in the retry schedule; a replay resets it
  next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  leased_by TEXT,
  lease_expires_at TIMESTAMPTZ,
  last_status_code INTEGER,
  last_error TEXT,
  dead_reason TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  delivered_at TIMESTAMPTZ,
  UNIQUE (event_id, endpoint_id)
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX deliveries_by_state ON deliveries (state, created_at DESC, id DESC);
CREATE INDEX deliveries_endpoint ON deliveries (endpoint_id, state);
CREATE INDEX deliveries_event ON deliveries (event_id);
CREATE INDEX deliveries_open_per_aggregate ON deliveries (endpoint_id, aggregate_id, id)
  WHERE state IN ('pending', 'held', 'unknown');

-- Why an event needed no delivery, or other facts the console shows next to an event.
CREATE TABLE outbox_event_notes (
  event_id UUID PRIMARY KEY REFERENCES outbox_events (id) ON DELETE CASCADE,
  note TEXT NOT NULL,
  at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Does an endpoint subscribed to `patterns` want `event_type`? Patterns are exact names, '*', or 'prefix.*'.
CREATE FUNCTION hookyard_subscribes(patterns TEXT[], event_type TEXT) RETURNS BOOLEAN
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT EXISTS (
    SELECT 1 FROM unnest(patterns) AS p
    WHERE p = '*' OR p = event_type OR (right(p, 2) = '.*' AND starts_with(event_type, left(p, -1))))
$$;

-- Fan-out in the producer's transaction: the event and its deliveries commit together, and the relays are woken.
-- An event no endpoint subscribes to is marked processed at once, with the reason noted.
CREATE FUNCTION hookyard_fan_out() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  fanned INTEGER;
BEGIN
  INSERT INTO deliveries (event_id, endpoint_id, event_type, aggregate_id, state)
  SELECT NEW.id, ep.id, NEW.event_type, NEW.aggregate_id,
         CASE WHEN ep.state = 'disabled' THEN 'held' ELSE 'pending' END
  FROM endpoints ep
  WHERE hookyard_subscribes(ep.event_types, NEW.event_type);
  GET DIAGNOSTICS fanned = ROW_COUNT;
  IF fanned = 0 THEN
    UPDATE outbox_events SET processed_at = now() WHERE id = NEW.id;
    INSERT INTO outbox_event_notes (event_id, note)
    VALUES (NEW.id, 'no endpoint subscribes to ' || coalesce(NEW.event_type, '(no event type)'));
  ELSE
    PERFORM pg_notify('hookyard_deliveries', ''); -- identical notifications collapse to one per transaction
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER outbox_events_fan_out AFTER INSERT ON outbox_events
  FOR EACH ROW EXECUTE FUNCTION hookyard_fan_out();

-- Every attempt, for the console's timeline.
CREATE TABLE delivery_attempts (
  id BIGSERIAL PRIMARY KEY,
  delivery_id BIGINT NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
  attempt_no INTEGER NOT NULL,
  started_at TIMESTAMPTZ NOT NULL,
  duration_ms INTEGER,
  status_code INTEGER,
  -- ok, http_status, redirect, timeout, unknown (sent, no answer), refused, reset, tls, dns, other
  error_class TEXT NOT NULL,
  error_detail TEXT,
  response_snippet TEXT,
  relay_instance TEXT NOT NULL
);
CREATE INDEX delivery_attempts_delivery ON delivery_attempts (delivery_id, started_at);

-- Senders of webhooks we receive. name matches webhook_inbox.partner_name.
CREATE TABLE partners (
  id BIGSERIAL PRIMARY KEY,
  name VARCHAR(50) NOT NULL UNIQUE CHECK (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$'),
  scheme TEXT NOT NULL CHECK (scheme IN ('standard', 'stripe', 'github', 'hmac')),
  -- Where the event id, type, entity id and time come from, and generic-HMAC settings; documented in docs/.
  config JSONB NOT NULL DEFAULT '{}',
  tolerance_s INTEGER NOT NULL DEFAULT 300 CHECK (tolerance_s > 0),
  max_body_bytes INTEGER NOT NULL DEFAULT 1048576 CHECK (max_body_bytes > 0),
  retry_schedule_s INTEGER[] NOT NULL DEFAULT '{60,300,600}',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE partner_secrets (
  id BIGSERIAL PRIMARY KEY,
  partner_id BIGINT NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
  secret TEXT NOT NULL CHECK (secret <> ''),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ
);
CREATE INDEX partner_secrets_partner ON partner_secrets (partner_id);

-- Who did what, when and why: every operator action and every replay.
CREATE TABLE audit_log (
  id BIGSERIAL PRIMARY KEY,
  at TIMESTAMPTZ NOT NULL DEFAULT now(),
  os_user TEXT NOT NULL,
  db_role TEXT NOT NULL DEFAULT current_user,
  action TEXT NOT NULL,
  subject TEXT,
  reason TEXT,
  details JSONB NOT NULL DEFAULT '{}'
);
CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC);
