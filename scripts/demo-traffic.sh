#!/usr/bin/env bash
# Puts realistic traffic through the real engine into a database, for a first look at the console and for its
# screenshots: scripts/demo-traffic.sh DATABASE_URL [seconds]
#
# Hookyard talks to itself: the relay delivers order events to an endpoint that is this same binary's receiver
# (partner "shop"), whose worker applies them to orders through a state machine. Around that:
#  - orders whose "shipped" arrives without "paid" stay DEFERRED, waiting for paid;
#  - "order.refunded" is no allowed transition: those rows are QUARANTINED after the partner's short retries;
#  - endpoint "partner-x" refuses connections: its deliveries retry (1 s, 2 s) and go to the dead letters;
#  - endpoint "billing" posts to a partner the receiver does not know: 404s, rejected requests, dead letters.
# Every endpoint is on loopback, which the SSRF guard refuses unless it is added with --allow-private-network.
# Uses the dev build (scripts/build.sh) and psql; runs the relay and receiver for `seconds` (default 12), then stops.
set -euo pipefail
cd "$(dirname "$0")/.."
url=$1
seconds=${2:-12}
hookyard=./build/dev/app/hookyard
export HOOKYARD_DATABASE_URL=$url
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
secret="whsec_$(head -c 32 /dev/urandom | base64)"

"$hookyard" partner add shop --scheme standard --secret "$secret" --retry 1,1 \
  --config '{"entity_type": "=order", "entity_id": "/data/id", "defer_max_age_s": 3600}' --reason "demo" >/dev/null
psql -q "$url" <<'SQL'
INSERT INTO state_transitions (partner_name, entity_type, event_type, from_states, to_state) VALUES
  ('shop', 'order', 'order.created', '{}', 'created'),
  ('shop', 'order', 'order.paid', '{created}', 'paid'),
  ('shop', 'order', 'order.shipped', '{paid}', 'shipped')
ON CONFLICT DO NOTHING;
SQL
"$hookyard" endpoint add shop-mirror --url "http://127.0.0.1:$port/webhooks/shop" --secret "$secret" \
  --events 'order.*' --timeout-ms 5000 --allow-private-network --reason "demo" >/dev/null
"$hookyard" endpoint add partner-x --url "http://127.0.0.1:9/hooks/orders" --events 'order.paid,order.shipped' \
  --retry 1,2 --timeout-ms 2000 --allow-private-network --reason "demo" >/dev/null
"$hookyard" endpoint add billing --url "http://127.0.0.1:$port/webhooks/billing-v2" --events 'invoice.*' \
  --retry 1 --timeout-ms 2000 --allow-private-network --reason "demo" >/dev/null

"$hookyard" receive --listen "127.0.0.1:$port" 2>/dev/null & receiver=$!
"$hookyard" relay --poll-ms 200 2>/dev/null & relay=$!
trap 'kill $relay $receiver 2>/dev/null; wait $relay $receiver 2>/dev/null || true' EXIT

# 40 orders: most go created → paid → shipped; every 7th never gets paid (its shipped is deferred); every 9th is
# refunded (quarantined); 12 invoices go to billing.
psql -q "$url" <<'SQL'
WITH orders AS (
  SELECT n, 'A-' || (1000 + n) AS id, (now() - make_interval(mins => 90 - n * 2))::timestamp AS at
  FROM generate_series(1, 40) AS n
), events AS (
  SELECT o.n, o.id, step.type, o.at + make_interval(secs => step.k * 20) AS at, step.k
  FROM orders o
  CROSS JOIN (VALUES (0, 'order.created'), (1, 'order.paid'), (2, 'order.shipped'), (3, 'order.refunded'))
    AS step (k, type)
  WHERE NOT (step.type = 'order.paid' AND o.n % 7 = 0)
    AND NOT (step.type = 'order.refunded' AND o.n % 9 <> 0)
)
INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload, created_at)
SELECT gen_random_uuid(), 'order', gen_random_uuid(), type,
       jsonb_build_object('type', type, 'data', jsonb_build_object(
         'id', id, 'amount_cents', 1999 + n * 150, 'currency', 'EUR',
         'customer', jsonb_build_object('id', 'cus_' || left(md5(id), 10), 'email', 'buyer' || n || '@example.com'))),
       at
FROM events ORDER BY n, k;

INSERT INTO outbox_events (id, aggregate_type, aggregate_id, event_type, payload, created_at)
SELECT gen_random_uuid(), 'invoice', gen_random_uuid(), 'invoice.created',
       jsonb_build_object('type', 'invoice.created', 'data', jsonb_build_object(
         'id', 'INV-' || (5000 + n), 'total_cents', 4999 + n * 10, 'currency', 'EUR')),
       (now() - make_interval(mins => 60 - n * 4))::timestamp
FROM generate_series(1, 12) AS n;
SQL

sleep "$seconds"
echo "demo traffic in $url: $("$hookyard" stats | tr '\n' ' ')"
