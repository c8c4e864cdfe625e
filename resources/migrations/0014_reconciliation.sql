-- Hookyard schema, version 14: reconciliation (docs/reconciliation.md) — comparing what we think happened with what
-- an endpoint's or a partner's own records say, over a time window, and the mismatches an engineer resolves.

-- Where a subject's records come from when no file is imported: a paged list API. list_url is a template with
-- {since}, {until} and {cursor}; field_map holds JSON pointers to the parts of a page (keys items, id, status,
-- payload_sha256, at, next_cursor; a key left out takes its documented default). headers are sent with every page
-- request (an API key, for instance).
CREATE TABLE reconcile_sources (
  id BIGSERIAL PRIMARY KEY,
  subject_kind TEXT NOT NULL CHECK (subject_kind IN ('endpoint', 'partner')),
  subject_name TEXT NOT NULL,
  list_url TEXT NOT NULL CHECK (list_url ~ '^https?://'),
  field_map JSONB NOT NULL DEFAULT '{}',
  headers JSONB NOT NULL DEFAULT '{}',
  timeout_ms INTEGER NOT NULL DEFAULT 15000 CHECK (timeout_ms > 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (subject_kind, subject_name)
);

-- One comparison. A run whose source could not be read is kept too ('source_unavailable', with its reason): it
-- compared nothing, stored no mismatch and changed no delivery.
CREATE TABLE reconcile_runs (
  id BIGSERIAL PRIMARY KEY,
  subject_kind TEXT NOT NULL CHECK (subject_kind IN ('endpoint', 'partner')),
  subject_name TEXT NOT NULL,
  since TIMESTAMPTZ NOT NULL,
  until TIMESTAMPTZ NOT NULL CHECK (until > since),
  source TEXT NOT NULL CHECK (source IN ('api', 'status_url', 'file')),
  file_name TEXT, -- with source 'file'
  started_at TIMESTAMPTZ NOT NULL,
  finished_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  outcome TEXT NOT NULL CHECK (outcome IN ('clean', 'mismatches', 'source_unavailable')),
  reason TEXT, -- why the source was unavailable
  ours_count INTEGER NOT NULL DEFAULT 0,
  theirs_count INTEGER NOT NULL DEFAULT 0,
  mismatch_count INTEGER NOT NULL DEFAULT 0,
  counts JSONB NOT NULL DEFAULT '{}', -- mismatches per kind
  os_user TEXT NOT NULL
);
CREATE INDEX reconcile_runs_subject ON reconcile_runs (subject_kind, subject_name, started_at DESC);

-- What one run found wrong with one item, with both sides' facts as they were then (NULL: that side has no record).
-- reference is the item's stable external id: the webhook-id (event id) of a delivery, the partner_event_id of a
-- received webhook. A later run that compares the same reference again closes an open mismatch of it (resolved_by
-- names that run); a mismatch a person resolved stays resolved: a later run that finds the same kind for the same
-- reference stores it resolved, with that person's note.
CREATE TABLE reconcile_mismatches (
  id BIGSERIAL PRIMARY KEY,
  run_id BIGINT NOT NULL REFERENCES reconcile_runs (id) ON DELETE CASCADE,
  subject_kind TEXT NOT NULL,
  subject_name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('missing_on_their_side', 'delivered_but_we_failed', 'payload_differs',
                                     'unknown_was_delivered', 'unknown_not_received', 'could_not_check',
                                     'missing_on_our_side', 'not_in_their_records')),
  reference TEXT NOT NULL,
  delivery_id BIGINT REFERENCES deliveries (id) ON DELETE SET NULL,
  inbox_id UUID REFERENCES webhook_inbox (id) ON DELETE SET NULL,
  item_at TIMESTAMPTZ NOT NULL, -- ours: created or received; theirs when we have no record; else the run's start
  detail TEXT NOT NULL,         -- one line: what differs
  ours JSONB,
  theirs JSONB,
  detected_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  resolved_at TIMESTAMPTZ,
  resolution_note TEXT,
  resolved_by TEXT,
  CHECK ((resolved_at IS NULL) = (resolution_note IS NULL))
);
-- The console's Reconciliation view walks the open mismatches of one kind in time order; `reconcile list` and the
-- exit code of `reconcile` count a subject's open ones; a run looks up earlier mismatches by reference.
CREATE INDEX reconcile_mismatches_open ON reconcile_mismatches (kind, item_at, id) WHERE resolved_at IS NULL;
CREATE INDEX reconcile_mismatches_subject_open ON reconcile_mismatches (subject_kind, subject_name)
  WHERE resolved_at IS NULL;
CREATE INDEX reconcile_mismatches_reference ON reconcile_mismatches (subject_kind, subject_name, reference, kind);
CREATE INDEX reconcile_mismatches_run ON reconcile_mismatches (run_id);
-- For the ON DELETE SET NULL of a removed endpoint's deliveries or a deleted inbox row.
CREATE INDEX reconcile_mismatches_delivery ON reconcile_mismatches (delivery_id) WHERE delivery_id IS NOT NULL;
CREATE INDEX reconcile_mismatches_inbox ON reconcile_mismatches (inbox_id) WHERE inbox_id IS NOT NULL;
CREATE TRIGGER reconcile_mismatches_console_notify AFTER INSERT OR UPDATE ON reconcile_mismatches
  FOR EACH STATEMENT EXECUTE FUNCTION hookyard_console_notify();

-- Our deliveries to an endpoint created in a window: deliveries.created_at grows with insertion order, so a
-- block-range summary finds a window in few pages at almost no cost to the relay's inserts (as migration 9 did for
-- attempts).
CREATE INDEX deliveries_created_brin ON deliveries USING brin (created_at);
