-- Hookyard schema, version 11: the HTTP API (docs/api.md) — its tokens, its Idempotency-Key records
-- (PROTOCOLS.md section 4) and the replays it was asked for.

-- Per-tenant API tokens. A token is "hyk_<lookup>_<secret>": `lookup` finds the row, and the SHA-256 of the whole
-- token is compared with token_sha256 in constant time. The token itself is shown once and never stored.
CREATE TABLE api_tokens (
  id BIGSERIAL PRIMARY KEY,
  tenant TEXT NOT NULL CHECK (tenant ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$'),
  lookup TEXT NOT NULL UNIQUE,
  token_sha256 BYTEA NOT NULL CHECK (length(token_sha256) = 32),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  revoked_at TIMESTAMPTZ
);

-- One row per (tenant, operation, key): the unique constraint IS the reservation. A request inserts its row as
-- 'processing' before it does anything; a second request with the same key meets the constraint instead of running.
--   processing — reserved; the operation runs (or its process died: `locked_until` passed, the record is "stuck"
--                and waits for an operator, it is never run again by itself)
--   succeeded  — finished with a 2xx answer, stored in response_* and replayed to every retry
--   failed     — finished with a 4xx answer, stored and replayed likewise; or settled by an operator
--   unknown    — settled by an operator who could not tell whether the operation took effect
-- A 5xx outcome deletes the row, so a retry runs again. Rows past expires_at (the retention window) are purged and
-- may be taken over by a new request with the same key; 'processing' rows are neither.
CREATE TABLE idempotency_keys (
  id BIGSERIAL PRIMARY KEY,
  tenant TEXT NOT NULL,
  operation TEXT NOT NULL, -- "POST /v1/events"
  idempotency_key TEXT NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
  fingerprint BYTEA NOT NULL, -- SHA-256 of method, path, query and body bytes
  status TEXT NOT NULL DEFAULT 'processing'
    CHECK (status IN ('processing', 'succeeded', 'failed', 'unknown')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  locked_until TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL,
  completed_at TIMESTAMPTZ,
  response_status INTEGER,
  response_headers JSONB, -- [[name, value], ...] as sent
  response_body BYTEA,
  resource_id UUID, -- what the operation made: the event or the replay
  resolution_note TEXT, -- an operator's, with failed / unknown
  UNIQUE (tenant, operation, idempotency_key),
  CHECK ((status = 'processing') = (completed_at IS NULL))
);
-- The purge walks expired settled rows; the console's Idempotency view walks by time, stuck ones apart.
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at) WHERE status <> 'processing';
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at, id);
CREATE INDEX idempotency_keys_processing ON idempotency_keys (locked_until) WHERE status = 'processing';
CREATE INDEX idempotency_keys_resource ON idempotency_keys (resource_id);

-- POST /v1/replays: what was asked and what it did. The replay itself is audited in audit_log (`audit_id`), like
-- every replay; the primary key keeps one replay per id whatever happens to its idempotency record.
CREATE TABLE api_replays (
  id UUID PRIMARY KEY,
  tenant TEXT NOT NULL,
  selection JSONB NOT NULL, -- {"endpoint": name} or {"delivery_ids": [...]}
  replayed INTEGER NOT NULL,
  audit_id BIGINT REFERENCES audit_log (id) ON DELETE SET NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
