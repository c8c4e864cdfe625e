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

-- One delivery per event and subscribed endpoint. A claim is a lease: a relay that dies leaves lease_expires_at
-- in the past and the row returns to the pool.
CREATE TABLE deliveries (
  id BIGSERIAL PRIMARY KEY,
  event_id UUID NOT NULL REFERENCES outbox_events (id) ON DELETE CASCADE,
  endpoint_id BIGINT NOT NULL REFERENCES endpoints (id),
  state TEXT NOT NULL DEFAULT 'pending'
    CHECK (state IN ('pending', 'delivered', 'dead', 'held', 'unknown')),
  attempt_count INTEGER NOT NULL DEFAULT 0,
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

-- Every attempt, for the console's timeline.
CREATE TABLE delivery_attempts (
  id BIGSERIAL PRIMARY KEY,
  delivery_id BIGINT NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
  attempt_no INTEGER NOT NULL,
  started_at TIMESTAMPTZ NOT NULL,
  duration_ms INTEGER,
  status_code INTEGER,
  -- ok, http_status, redirect, timeout_unknown, connect_refused, connect_reset, tls, dns, other
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
