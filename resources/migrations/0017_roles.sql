-- Hookyard schema, version 17: least-privilege group roles (docs/security.md). Each holds exactly what one kind of
-- process does to this database; operators create login roles and grant them one (or several), such as
--   CREATE ROLE relay_eu1 LOGIN PASSWORD '…' IN ROLE hookyard_relay;
--
--   hookyard_relay             `hookyard relay`: claim, send, record, hold on a 410 (with its audit row)
--   hookyard_receiver          `hookyard receive` and `hookyard worker`: ingest, reject, and the inbox worker, which
--                              `receive` runs in the same process unless --no-worker
--   hookyard_console_readonly  the console's views and details, nothing else: it cannot replay or resolve
--   hookyard_operator          everything short of DDL: the console's actions (replay, retry, resolve), endpoint,
--                              partner, reconciliation and API-token commands, `hookyard api`
--
-- Roles belong to the cluster, not to one database: they are created only when missing, so a second database of the
-- same cluster (or a database migrated again from scratch) reuses them; the grants below are on this database's
-- objects. Creating a role needs CREATEROLE: a migrating role without it stops here with the statement to run once
-- as a superuser. A later migration that adds a table or sequence grants on it to these roles itself.
DO $$
DECLARE
  group_role TEXT;
  may_create BOOLEAN;
BEGIN
  SELECT rolsuper OR rolcreaterole INTO may_create FROM pg_roles WHERE rolname = current_user;
  FOREACH group_role IN ARRAY
    ARRAY['hookyard_relay', 'hookyard_receiver', 'hookyard_console_readonly', 'hookyard_operator']
  LOOP
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = group_role) THEN
      IF NOT may_create THEN
        RAISE EXCEPTION 'role % does not exist and % may not create roles: as a superuser, run once '
          'CREATE ROLE hookyard_relay NOLOGIN; CREATE ROLE hookyard_receiver NOLOGIN; '
          'CREATE ROLE hookyard_console_readonly NOLOGIN; CREATE ROLE hookyard_operator NOLOGIN;',
          group_role, current_user;
      END IF;
      EXECUTE format('CREATE ROLE %I NOLOGIN', group_role);
    END IF;
  END LOOP;
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO hookyard_relay, hookyard_receiver, hookyard_console_readonly, '
                 'hookyard_operator', current_database());
END
$$;

-- Every command first reads the schema version (Migrator), and only the owner migrates.
GRANT SELECT ON hookyard_schema_version TO hookyard_relay, hookyard_receiver, hookyard_console_readonly,
  hookyard_operator;

-- The relay (DeliveryStore, Relay, StatusChecks): endpoints and their active secrets to sign with; the claim and
-- record statements on deliveries; the event's payload, and processed_at once every delivery of it is delivered. A
-- 410 disables the endpoint (EndpointStore::disable: its state, reason and time only; the url and every other
-- setting stay out of reach) and writes an audit row, which the relay cannot read back.
GRANT SELECT ON endpoints, endpoint_secrets, deliveries, outbox_events TO hookyard_relay;
GRANT UPDATE (state, state_reason, updated_at) ON endpoints TO hookyard_relay;
GRANT UPDATE ON deliveries TO hookyard_relay;
GRANT UPDATE (processed_at) ON outbox_events TO hookyard_relay;
GRANT INSERT ON delivery_attempts, audit_log TO hookyard_relay;
GRANT USAGE ON SEQUENCE delivery_attempts_id_seq, audit_log_id_seq TO hookyard_relay;

-- The receiver (Receiver, IngestQueue) and the inbox worker (InboxStore, InboxWorker): active partners and their
-- secrets; the inbox rows with RETURNING, rejected requests and their pruning; the worker's claims, entity states
-- and the allowed transitions it reads.
GRANT SELECT ON partners, partner_secrets, state_transitions TO hookyard_receiver;
GRANT SELECT, INSERT, UPDATE ON webhook_inbox, inbox_messages, entity_states TO hookyard_receiver;
GRANT SELECT, INSERT, DELETE ON rejected_requests TO hookyard_receiver;
GRANT USAGE ON SEQUENCE rejected_requests_id_seq TO hookyard_receiver;

-- The console (ViewQueries, DetailQueries, Stats, ChangeListener): every table it shows. Not api_tokens, which it
-- never reads. It shows secrets masked, and "copy as curl" signs with them, so it reads them.
GRANT SELECT ON outbox_events, webhook_inbox, endpoints, endpoint_secrets, deliveries, outbox_event_notes,
  delivery_attempts, partners, partner_secrets, audit_log, inbox_messages, rejected_requests, entity_states,
  state_transitions, idempotency_keys, api_replays, reconcile_sources, reconcile_runs, reconcile_mismatches
  TO hookyard_console_readonly;

-- The operator: reads and writes every Hookyard table (its commands add and remove endpoints and partners, produce
-- events through the API, replay, resolve), but changes no schema.
GRANT SELECT, INSERT, UPDATE, DELETE ON outbox_events, webhook_inbox, endpoints, endpoint_secrets, deliveries,
  outbox_event_notes, delivery_attempts, partners, partner_secrets, audit_log, inbox_messages, rejected_requests,
  entity_states, state_transitions, api_tokens, idempotency_keys, api_replays, reconcile_sources, reconcile_runs,
  reconcile_mismatches TO hookyard_operator;
GRANT USAGE ON SEQUENCE endpoints_id_seq, endpoint_secrets_id_seq, deliveries_id_seq, delivery_attempts_id_seq,
  partners_id_seq, partner_secrets_id_seq, audit_log_id_seq, rejected_requests_id_seq, api_tokens_id_seq,
  idempotency_keys_id_seq, reconcile_sources_id_seq, reconcile_runs_id_seq, reconcile_mismatches_id_seq
  TO hookyard_operator;
