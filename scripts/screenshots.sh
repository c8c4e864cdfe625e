#!/usr/bin/env bash
# Regenerates docs/screenshots/: a fresh sandbox in /tmp filled by scripts/demo-traffic.sh, then one screenshot of
# each console view under Xvfb (scripts/screenshot.sh). Uses the dev build.
set -euo pipefail
cd "$(dirname "$0")/.."
data_dir=$(mktemp -d /tmp/hookyard-screenshots.XXXXXX)
hookyard=./build/dev/app/hookyard
trap '"$hookyard" sandbox stop --data-dir "$data_dir" >/dev/null 2>&1 || true; rm -rf "$data_dir"' EXIT
"$hookyard" sandbox start --data-dir "$data_dir" >/dev/null
url=$("$hookyard" sandbox url --data-dir "$data_dir")
"$hookyard" migrate --database "$url" >/dev/null
scripts/demo-traffic.sh "$url" 12
# One operator action, so that the audit log and a timeline show a replay.
"$hookyard" replay --database "$url" --dead --endpoint billing --reason "billing-v2 partner registered" >/dev/null

# The HTTP API: keyed requests, one retried (served from its record), one key reused for another body (409).
token=$("$hookyard" api-token add --database "$url" --tenant storefront --reason "screenshots" | sed -n 's/^token: //p')
api_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$hookyard" api --database "$url" --listen "127.0.0.1:$api_port" >/dev/null & api_pid=$!
trap 'kill $api_pid 2>/dev/null || true; "$hookyard" sandbox stop --data-dir "$data_dir" >/dev/null 2>&1 || true; rm -rf "$data_dir"' EXIT
sleep 1
post_event() { # KEY ORDER
  curl -s -o /dev/null -X POST "http://127.0.0.1:$api_port/v1/events" -H "Authorization: Bearer $token" \
    -H "Idempotency-Key: $1" -H 'Content-Type: application/json' \
    --data-binary "{\"event_type\": \"order.paid\", \"payload\": {\"order\": \"$2\"}}"
}
for n in 2101 2102 2103 2104; do post_event "checkout-$n" "A-$n"; done
post_event checkout-2102 A-2102 # a retry: the stored answer
post_event checkout-2103 A-9999 # the same key for another order: E01005
kill $api_pid

# A reconciliation from the shop partner's export: two of our deliveries missing there, one of theirs unknown here.
export_file="$data_dir/shop-export.csv"
{
  echo "id,status"
  psql -Atq "$url" -c "SELECT d.event_id FROM deliveries d JOIN endpoints e ON e.id = d.endpoint_id
                        WHERE e.name = 'shop-mirror' AND d.state = 'delivered' ORDER BY d.id OFFSET 2" |
    sed 's/$/,received/'
  echo "7d1f5c2a-0b3e-4f6a-9c8d-2e4b6a8c0d1f,received"
} >"$export_file"
"$hookyard" reconcile --database "$url" --endpoint shop-mirror --since "$(date -u -d '-1 hour' +%FT%TZ)" \
  --until "$(date -u -d '+1 minute' +%FT%TZ)" --file "$export_file" >/dev/null || true
sleep 2
mkdir -p docs/screenshots
for view in overview outbox inbox deferred dead-letters rejected audit endpoints partners idempotency reconciliation; do
  scripts/screenshot.sh "docs/screenshots/$view.png" 7 --database "$url" "--view=$view" >/dev/null
done
scripts/screenshot.sh docs/screenshots/dead-letters-dark.png 7 --database "$url" --view=dead-letters --dark >/dev/null
scripts/screenshot.sh docs/screenshots/local-engine.png 7 --database "$url" --view=endpoints --local-engine >/dev/null
# A small laptop screen: the filter bar on two rows, the Local engine dock scrolled rather than cut off.
SCREEN=1024x700 scripts/screenshot.sh docs/screenshots/inbox-1024x700.png 7 --database "$url" --view=inbox \
  --local-engine >/dev/null
ls docs/screenshots
